import { db } from '@/server/db';
import { env } from '@/server/env';
import { lastLooked } from '@/server/home/home-visits';
import { readHome } from '@/server/home/read-home';
import { handler } from '@/server/http/handler';
import { apiNow } from '@/server/signing-api/client/upstream-clock';

// GET: what needs the signed-in user now, section by section, within their roles.
export const GET = handler({ permission: 'read' }, async ({ user }) => {
  const e = env();
  const conn = await db();
  return readHome({
    db: conn,
    user,
    // Packages' times are the API's: compared with its clock as last heard, else this server's.
    apiNow,
    lastLooked: await lastLooked(conn, user.id),
    settings: { expiringDays: e.HOME_EXPIRING_DAYS, stuckHours: e.HOME_STUCK_HOURS, reviewWarnMinutes: e.HOME_REVIEW_WARN_MINUTES },
  });
});

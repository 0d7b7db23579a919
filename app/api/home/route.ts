import { db } from '@/server/db';
import { env } from '@/server/env';
import { readHome } from '@/server/home/read-home';
import { handler } from '@/server/http/handler';
import { estimatedApiDate } from '@/server/signing-api/client/upstream-clock';

// GET: what needs the signed-in user now, section by section, within their roles.
export const GET = handler({ permission: 'read' }, async ({ user }) => {
  const e = env();
  // Packages' times are the API's: compared with its clock as last heard, else this server's.
  const apiNow = () => new Date(estimatedApiDate() ?? Date.now());
  return readHome({
    db: await db(),
    user,
    apiNow,
    settings: { expiringDays: e.HOME_EXPIRING_DAYS, stuckHours: e.HOME_STUCK_HOURS },
  });
});

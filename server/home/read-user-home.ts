import 'server-only';
import type { HomeAnswer } from '@/lib/home/schemas';
import { db } from '../db';
import { env } from '../env';
import { apiNow } from '../signing-api/client/upstream-clock';
import type { User } from '../users/users';
import { lastLooked } from './home-visits';
import { readHome } from './read-home';

/** What needs the user now, section by section, within their roles, with the settings of this console. */
export async function readUserHome({ user }: { user: User }): Promise<HomeAnswer> {
  const e = env();
  const conn = await db();
  return readHome({
    db: conn,
    user,
    // Packages' times are the API's: compared with its clock as last heard, else this server's.
    apiNow,
    lastLooked: await lastLooked(conn, user.id),
    settings: {
      expiringDays: e.HOME_EXPIRING_DAYS,
      stuckHours: e.HOME_STUCK_HOURS,
      reviewWarnMinutes: e.HOME_REVIEW_WARN_MINUTES,
    },
  });
}

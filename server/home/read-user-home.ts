import 'server-only';
import type { HomeAnswer } from '@/lib/home/schemas';
import { db } from '../db';
import { env } from '../env';
import { apiNow } from '../signing-api/client/upstream-clock';
import type { User } from '../users/users';
import { watcherTimes } from '../watcher/cursor';
import { watcherAsOf } from '../watcher/watcher-freshness';
import { apiHomeSources } from './home-sources';
import { lastLooked } from './home-visits';
import { readHome } from './read-home';
import { scopedHomeSources } from './scoped-sources';
import { watchedHomeSources } from './watched-sources';

/** What needs the user now, section by section, within their roles and teams, with the settings of this console. */
export async function readUserHome({ user }: { user: User }): Promise<HomeAnswer> {
  const e = env();
  const conn = await db();
  const [looked, { sweptAt }] = await Promise.all([lastLooked(conn, user.id), watcherTimes(conn)]);
  const now = new Date();
  // What the watcher recorded stands in for the API's lists while it is on and lately swept (issue 36).
  const asOf = watcherAsOf({ intervalSeconds: e.WATCHER_INTERVAL_SECONDS, sweptAt, now });
  return readHome({
    db: conn,
    user,
    // Packages' times are the API's: compared with its clock as last heard, else this server's.
    apiNow,
    lastLooked: looked,
    // Seen through teams, every list holds only the reader's teams' records (the badge counts from them).
    sources: await scopedHomeSources(conn, asOf ? watchedHomeSources({ db: conn, since: looked, now }) : apiHomeSources),
    asOf,
    settings: {
      expiringDays: e.HOME_EXPIRING_DAYS,
      stuckHours: e.HOME_STUCK_HOURS,
      reviewWarnMinutes: e.HOME_REVIEW_WARN_MINUTES,
    },
  });
}

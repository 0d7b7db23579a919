import 'server-only';

// Home (and later the lists) read what the watcher recorded only while it is fresh: the
// watcher on, a sweep ended, and not long ago. A sweep may take several runs when a backlog is
// read (watch-open-records.ts), so ten periods pass before its record is called stale; a
// watcher that stopped (its job failing, the API refusing it) sends Home back to the API.

const STALE_PERIODS = 10;
const STALE_AT_LEAST_MS = 10 * 60_000;

export interface WatcherFreshness {
  /** WATCHER_INTERVAL_SECONDS: 0 is off */
  intervalSeconds: number;
  /** when a run last ended a sweep (watcher_cursor.swept_at), the console's clock */
  sweptAt: string | null;
  now: Date;
}

/** The last sweep's time when what the watcher recorded may stand in for the API's lists; null when not. */
export function watcherAsOf({ intervalSeconds, sweptAt, now }: WatcherFreshness): string | null {
  if (intervalSeconds <= 0 || sweptAt === null) return null;
  const at = Date.parse(sweptAt);
  if (Number.isNaN(at)) return null;
  const staleAfter = Math.max(STALE_PERIODS * intervalSeconds * 1000, STALE_AT_LEAST_MS);
  return now.getTime() - at > staleAfter ? null : new Date(at).toISOString();
}

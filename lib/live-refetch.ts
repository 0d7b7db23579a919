// A detail page that follows the API by itself while what it shows may still change (a package
// on its way to its signers, a request with its reviewers).

export const LIVE_POLL_FIRST_MS = 5_000;
export const LIVE_POLL_MAX_MS = 60_000;

/**
 * Per query: the answer last seen and the interval it earned. `refetchInterval` is evaluated
 * several times per fetch, so the interval only moves when a new answer has arrived.
 */
const backoff = new WeakMap<object, { updatedAt: number; data: unknown; interval: number }>();

/**
 * A `refetchInterval`: asks again after 5 s, doubling up to 60 s while the answers stay the
 * same and back to 5 s after a change; not at all once `settled` says nothing more happens.
 * With `refetchIntervalInBackground: false`, never while the tab is hidden.
 */
export function liveRefetch<T>(settled: (data: T) => boolean) {
  return (query: { state: { data: T | undefined; dataUpdatedAt: number } }): number | false => {
    const { data, dataUpdatedAt } = query.state;
    if (data === undefined || settled(data)) return false;
    const seen = backoff.get(query);
    if (!seen) {
      backoff.set(query, { updatedAt: dataUpdatedAt, data, interval: LIVE_POLL_FIRST_MS });
      return LIVE_POLL_FIRST_MS;
    }
    if (seen.updatedAt !== dataUpdatedAt) {
      // Structural sharing keeps the same object when the answer is unchanged.
      const interval = seen.data === data ? Math.min(seen.interval * 2, LIVE_POLL_MAX_MS) : LIVE_POLL_FIRST_MS;
      backoff.set(query, { updatedAt: dataUpdatedAt, data, interval });
      return interval;
    }
    return seen.interval;
  };
}

// The browser's console requests still waiting for an answer, so the shell can say why a
// wait is long (components/shell/held-notice.tsx) whichever page or form made the request.
/** How long a request may take before the page says it is waiting on the API. */
export const SLOW_AFTER_MS = 2000;

const startedAt = new Map<number, number>();
const listeners = new Set<() => void>();
let next = 0;
let oldest: number | null = null;

function changed() {
  oldest = null;
  for (const at of startedAt.values()) if (oldest === null || at < oldest) oldest = at;
  for (const listener of listeners) listener();
}

/** Notes a request as started; the returned function notes it answered (calling it twice is harmless). */
export function trackRequest(): () => void {
  const id = ++next;
  startedAt.set(id, Date.now());
  changed();
  return () => {
    if (startedAt.delete(id)) changed();
  };
}

/** When the longest-waiting request started (epoch ms), or null when none is waiting. */
export const oldestPendingSince = (): number | null => oldest;

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

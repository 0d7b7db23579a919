import 'server-only';
import { offsetFrom } from '@/lib/api-clock';

// The Signing API's clock as this instance last saw it (any user's call updates it), so a
// console answer that did not reach the API (the clock route, drafts) can still tell the
// browser the API's time. The newest answer wins: the API's clock may have been moved.
let offset: number | null = null;
let heardAt = 0;

export function noteUpstreamDate(date: string | null, sentAt: number) {
  const next = date ? offsetFrom(date, sentAt) : null;
  if (next === null) return;
  offset = next;
  heardAt = Date.now();
}

/** How long ago an answer last told the API's time (Infinity before the first). */
export const sinceHeard = (now = Date.now()) => (heardAt === 0 ? Number.POSITIVE_INFINITY : now - heardAt);

/** The API's time now as an HTTP date, or null before any answer has shown it. */
export function estimatedApiDate(now = Date.now()): string | null {
  return offset === null ? null : new Date(now + offset).toUTCString();
}

import 'server-only';
import { ApiClock } from '@/lib/api-clock';

// The Signing API's clock as this instance last saw it (any user's call updates it), so a
// console answer that did not reach the API (the clock route, drafts) can still tell the
// browser the API's time. Kept against the monotonic clock, so a change of the server's wall
// clock moves nothing, and a slow answer's older Date never moves it back; unlike a page's, it
// lives as long as the server, so it follows an API clock that was really set back.
// On globalThis: Next bundles route handlers and pages apart, each with its own copy of this
// module, and a page (home notes a visit on the API's clock) must read what the routes heard.
const holder = globalThis as unknown as { signdeskUpstreamClock?: ApiClock };
const clock = (holder.signdeskUpstreamClock ??= new ApiClock(true));

/** An answer's Date, for a request that left at `sentPerf` (performance.now()). */
export const noteUpstreamDate = (date: string | null, sentPerf: number, receivedPerf = performance.now()) =>
  clock.note(date, sentPerf, receivedPerf);

/** How long ago an answer last told the API's time (Infinity before the first). */
export const sinceHeard = (perf = performance.now()) => clock.sinceHeard(perf);

/** The API's time now as an HTTP date, or null before any answer has shown it. */
export const estimatedApiDate = (perf = performance.now()): string | null =>
  clock.known ? new Date(clock.now(perf)).toUTCString() : null;

/** The API's time now as last heard, else this server's: what the API's own times compare with. */
export const apiNow = (): Date => new Date(estimatedApiDate() ?? Date.now());

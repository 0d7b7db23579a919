import 'server-only';
import { env } from '../../env';
import { callContext } from './call-context';
import { SigningApiError } from './errors';
import { FairQueue, QueueRefusal, type FairQueueStats } from './fair-queue';

// The API's rate limit belongs to the console's one key, so every operator spends it. Near
// the limit, requests wait their turn here, one user at a time, instead of being refused by
// the API: SIGNING_API_RATE_LIMIT_PER_MINUTE (this instance's share of the key's limit) paces
// them, and a 429 from the API holds everyone until its Retry-After has passed.

/** Below the stated limit: the API's bucket and clock are not ours, and its window may differ. */
const HEADROOM = 0.9;
/** The longest a request is held; a longer wait is refused with a Retry-After instead. */
export const MAX_HOLD_MS = 10_000;
/** Requests one user may have held at once. */
const MAX_WAITING_PER_USER = 50;
/** A 429 without Retry-After holds the queue this long. */
const DEFAULT_PAUSE_MS = 1_000;
/** Calls made outside any user's request (start-up, health) wait in their own lane. */
const CONSOLE_LANE = 'console';

const holder = globalThis as unknown as { signdeskFairQueue?: FairQueue };

function queue(): FairQueue {
  if (holder.signdeskFairQueue) return holder.signdeskFairQueue;
  const perMinute = env().SIGNING_API_RATE_LIMIT_PER_MINUTE;
  const ratePerSecond = perMinute > 0 ? (perMinute / 60) * HEADROOM : Number.POSITIVE_INFINITY;
  return (holder.signdeskFairQueue = new FairQueue({
    ratePerSecond,
    burst: Number.isFinite(ratePerSecond) ? Math.max(1, Math.floor(ratePerSecond)) : Number.POSITIVE_INFINITY,
    maxWaitMs: MAX_HOLD_MS,
    maxWaitingPerLane: MAX_WAITING_PER_USER,
  }));
}

/** Waits for this call's turn to spend the key; a refusal when it would be held too long. */
export async function awaitTurn(): Promise<void> {
  const ctx = callContext.getStore();
  const held = queue().take(ctx?.lane ?? CONSOLE_LANE);
  if (!held) return;
  try {
    const waited = await held;
    if (ctx) ctx.queuedMs = (ctx.queuedMs ?? 0) + waited;
  } catch (err) {
    if (!(err instanceof QueueRefusal)) throw err;
    const seconds = Math.max(1, Math.ceil(err.retryAfterMs / 1000));
    throw new SigningApiError(
      429,
      'CONSOLE_BUSY',
      err.reason === 'lane-full'
        ? `You have ${MAX_WAITING_PER_USER} requests waiting for the Signing API already; try again in ${seconds} s.`
        : `The Signing API is at the rate limit every operator shares; try again in ${seconds} s.`,
      [],
      seconds * 1000,
    );
  }
}

/** The API refused for rate: nobody spends the key again before its Retry-After. */
export function noteRateLimited(retryAfterMs: number | null) {
  queue().pause(retryAfterMs ?? DEFAULT_PAUSE_MS);
}

/** Requests of this user held here now (the browser asks, to say why it is waiting). */
export const heldFor = (userId: string) => queue().waiting(userId);

/** How the key's budget stands and what the queue has done, read by the metrics at scrape time. */
export const upstreamBudget = (): FairQueueStats => queue().stats();

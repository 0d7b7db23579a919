import 'server-only';
import type { SigningApiError } from './errors';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** the whole operation, waits included, stays within this */
  budgetMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 200, maxDelayMs: 4000, budgetMs: 20_000 };

/**
 * Reads give up sooner: a page waiting on one is told within two seconds that the API is
 * struggling and retries by itself with a countdown it can show (lib/query-retry.ts), which
 * a wait hidden in here would not let it do. A longer Retry-After is handed back, not slept.
 */
export const READ_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 800, budgetMs: 1500 };

/** The policy of a call that did not choose its own. */
export const defaultPolicyFor = (method: string): RetryPolicy => (method === 'GET' ? READ_RETRY : DEFAULT_RETRY);

/**
 * DESIGN.md section 6: only GETs and mutations carrying an Idempotency-Key are retried, only
 * on transport errors, 429 and 503; never on validation, auth, conflicts or retired routes.
 * Returns the wait before the next attempt, or null to give up.
 */
export function retryDelay(
  input: { method: string; hasIdempotencyKey: boolean; replayableBody: boolean; attempt: number; elapsedMs: number; error: SigningApiError },
  policy: RetryPolicy = DEFAULT_RETRY,
  random: () => number = Math.random,
): number | null {
  const safe = input.method === 'GET' || (input.hasIdempotencyKey && input.replayableBody);
  if (!safe) return null;
  const retryable = input.error.isTransport || input.error.status === 429 || input.error.status === 503;
  if (!retryable || input.attempt >= policy.maxAttempts) return null;
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (input.attempt - 1));
  // Full jitter spreads retries of many clients; Retry-After is a floor the server asked for.
  const jittered = Math.round(backoff / 2 + random() * (backoff / 2));
  const wait = Math.max(jittered, input.error.retryAfterMs ?? 0);
  return input.elapsedMs + wait > policy.budgetMs ? null : wait;
}

/** For probes (the health check): one attempt, so the answer says how the API is now. */
export const NO_RETRY: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, budgetMs: 0 };

import { ConsoleApiError } from './api-error.ts';
import { DATABASE_UNAVAILABLE } from './database-unavailable.ts';

// How the browser retries a read that failed (issue 10: "queries retry with backoff and stop
// when the page is hidden"). TanStack Query already pauses a retry while the page is hidden
// and resumes it when shown; this module decides which failures are worth another attempt
// and how long to wait, so the page can show the same countdown the retryer is following.

/** Attempts of one read before the page shows a final error with "Try again". */
export const MAX_QUERY_ATTEMPTS = 6;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** No answer, a 5xx or a 429 may pass; a 4xx is the API's answer, and asking again changes nothing. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ConsoleApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** TanStack's `retry`: `failures` is the number of failed attempts before this one. */
export function shouldRetryQuery(failures: number, error: unknown): boolean {
  return isTransient(error) && failures + 1 < MAX_QUERY_ATTEMPTS;
}

/**
 * TanStack's `retryDelay`: 1, 2, 4, 8… seconds up to 30, or the `Retry-After` the API asked for
 * when it is longer. Deterministic, so the countdown on screen is the retryer's own.
 */
export function queryRetryDelay(failures: number, error: unknown): number {
  const backoff = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, failures));
  const asked = error instanceof ConsoleApiError && error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : 0;
  return Math.min(Math.max(backoff, asked), 5 * 60_000);
}

/** What the page says about a read that keeps failing, by what the last failure was. */
export function struggleHeadline(error: unknown): string {
  if (!(error instanceof ConsoleApiError)) return 'The Signing API is not answering';
  if (error.code === 'NETWORK_ERROR') return 'The console is not answering';
  if (error.code === DATABASE_UNAVAILABLE) return "The console's database is not answering";
  if (error.status === 429) return 'The Signing API is busy (too many requests)';
  if (error.code.startsWith('UPSTREAM_') || [502, 503, 504].includes(error.status)) return 'The Signing API is not answering';
  // The console's own failure (its database, a bug): the API is not to blame.
  return `This could not be loaded (${error.message.replace(/\.$/, '')})`;
}

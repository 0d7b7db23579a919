import 'server-only';
import type { ErrorDetail } from '@/lib/api-error';

/** Any non-2xx answer of the Signing API, or a failure to reach it. */
export class SigningApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly retryAfterMs: number | null = null,
    readonly requestId: string | null = null,
  ) {
    super(message);
  }

  /** network failure, timeout or an unreadable answer: status 0 */
  get isTransport() {
    return this.status === 0;
  }
}

/** `Retry-After` in seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * `call`, with a refusal of one of `statuses` replaced by what `explain` learns from fresh reads
 * (the spec fixes the status, not the code); when it learns nothing, the refusal as it came.
 */
export async function explainingRefusal<T>(
  call: Promise<T>,
  statuses: readonly number[],
  explain: (err: SigningApiError) => Promise<SigningApiError | null>,
): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (!(err instanceof SigningApiError) || !statuses.includes(err.status)) throw err;
    throw (await explain(err)) ?? err;
  }
}

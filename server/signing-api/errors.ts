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

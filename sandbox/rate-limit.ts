// A token bucket per API key: `perMinute` requests a minute with bursts of up to a tenth of
// that (at least 10). Real time, not the sandbox clock: advancing the clock must not refill it.
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** Seconds to wait, or 0 when the request may go ahead. */
  take(id: string, perMinute: number, now = Date.now()): number {
    if (perMinute <= 0) return 0;
    const capacity = Math.max(10, Math.floor(perMinute / 10));
    const ratePerMs = perMinute / 60_000;
    const bucket = this.buckets.get(id) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) * ratePerMs);
    bucket.at = now;
    this.buckets.set(id, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
  }

  reset(): void {
    this.buckets.clear();
  }
}

import 'server-only';
import { describe, expect, it } from 'vitest';
import { SigningApiError, parseRetryAfter } from './errors';
import { DEFAULT_RETRY, defaultPolicyFor, READ_RETRY, retryDelay } from './retry';

const err = (status: number, code = 'X', retryAfterMs: number | null = null) => new SigningApiError(status, code, 'm', [], retryAfterMs);
const base = { method: 'GET', hasIdempotencyKey: false, replayableBody: true, attempt: 1, elapsedMs: 0 };
const mid = () => 0.5;

describe('retry decision table (DESIGN.md section 6)', () => {
  const cases: [string, Partial<typeof base>, SigningApiError, boolean][] = [
    ['GET on a network error', {}, err(0, 'UPSTREAM_UNAVAILABLE'), true],
    ['GET on 429', {}, err(429), true],
    ['GET on 503', {}, err(503), true],
    ['GET on 500', {}, err(500), false],
    ['GET on 502', {}, err(502), false],
    ['GET on 400', {}, err(400), false],
    ['GET on 401', {}, err(401), false],
    ['GET on 403', {}, err(403), false],
    ['GET on 404', {}, err(404), false],
    ['GET on 409', {}, err(409), false],
    ['GET on 410', {}, err(410), false],
    ['GET on 422', {}, err(422), false],
    ['POST without a key on 503', { method: 'POST' }, err(503), false],
    ['POST without a key on a network error', { method: 'POST' }, err(0), false],
    ['POST with a key on 503', { method: 'POST', hasIdempotencyKey: true }, err(503), true],
    ['POST with a key on 429', { method: 'POST', hasIdempotencyKey: true }, err(429), true],
    ['POST with a key on a network error', { method: 'POST', hasIdempotencyKey: true }, err(0), true],
    ['POST with a key on 409', { method: 'POST', hasIdempotencyKey: true }, err(409), false],
    ['POST with a key on 422', { method: 'POST', hasIdempotencyKey: true }, err(422), false],
    ['PATCH with a key on 503', { method: 'PATCH', hasIdempotencyKey: true }, err(503), true],
    ['DELETE with a key on 429', { method: 'DELETE', hasIdempotencyKey: true }, err(429), true],
    ['a streamed upload with a key on 503 (its body cannot be sent again)', { method: 'POST', hasIdempotencyKey: true, replayableBody: false }, err(503), false],
  ];
  it.each(cases)('%s -> retry %s', (_name, input, error, retry) => {
    expect(retryDelay({ ...base, ...input, error }, DEFAULT_RETRY, mid) !== null).toBe(retry);
  });

  it('backs off exponentially with jitter, capped', () => {
    const delays = [1, 2, 3].map((attempt) => retryDelay({ ...base, attempt, error: err(503) }, { ...DEFAULT_RETRY, maxAttempts: 10 }, () => 1));
    expect(delays).toEqual([200, 400, 800]);
    const low = retryDelay({ ...base, attempt: 3, error: err(503) }, DEFAULT_RETRY, () => 0);
    expect(low).toBe(400);
    const capped = retryDelay({ ...base, attempt: 9, error: err(503) }, { ...DEFAULT_RETRY, maxAttempts: 20, budgetMs: 1e9 }, () => 1);
    expect(capped).toBe(DEFAULT_RETRY.maxDelayMs);
  });

  it('honours Retry-After as a floor', () => {
    expect(retryDelay({ ...base, error: err(429, 'RATE_LIMITED', 3000) }, DEFAULT_RETRY, mid)).toBe(3000);
  });

  it('stops after the last attempt and within the time budget', () => {
    expect(retryDelay({ ...base, attempt: DEFAULT_RETRY.maxAttempts, error: err(503) }, DEFAULT_RETRY, mid)).toBeNull();
    expect(retryDelay({ ...base, elapsedMs: DEFAULT_RETRY.budgetMs - 100, error: err(503) }, DEFAULT_RETRY, mid)).toBeNull();
    expect(retryDelay({ ...base, error: err(503, 'X', DEFAULT_RETRY.budgetMs + 1) }, DEFAULT_RETRY, mid)).toBeNull();
  });
});

describe('reads give up sooner than writes', () => {
  it('hands a read back to the page within two seconds, whatever the API asks', () => {
    expect(defaultPolicyFor('GET')).toBe(READ_RETRY);
    expect(defaultPolicyFor('POST')).toBe(DEFAULT_RETRY);
    expect(READ_RETRY.budgetMs).toBeLessThanOrEqual(2000);
    // A Retry-After longer than the read budget is not slept here: the page counts it down.
    expect(retryDelay({ ...base, error: err(503, 'X', 4000) }, READ_RETRY, mid)).toBeNull();
    let elapsed = 0;
    for (let attempt = 1; ; attempt++) {
      const wait = retryDelay({ ...base, attempt, elapsedMs: elapsed, error: err(0, 'UPSTREAM_UNAVAILABLE') }, READ_RETRY, () => 1);
      if (wait === null) break;
      elapsed += wait;
    }
    expect(elapsed).toBeLessThanOrEqual(READ_RETRY.budgetMs);
  });
});

describe('Retry-After parsing', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('5')).toBe(5000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('ignores missing and garbled values', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

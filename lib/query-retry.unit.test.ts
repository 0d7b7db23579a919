import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from './api-error.ts';
import { MAX_QUERY_ATTEMPTS, queryRetryDelay, shouldRetryQuery, struggleHeadline } from './query-retry.ts';

const down = new ConsoleApiError(503, 'UPSTREAM_UNAVAILABLE', 'The Signing API could not be reached.');
const offline = new ConsoleApiError(0, 'NETWORK_ERROR', 'The console could not be reached.');

describe('which reads are retried', () => {
  it('retries no answer, 5xx and 429, up to the attempt limit', () => {
    for (const err of [down, offline, new ConsoleApiError(429, 'RATE_LIMITED', 'slow down'), new TypeError('x')]) {
      expect(shouldRetryQuery(0, err)).toBe(true);
      expect(shouldRetryQuery(MAX_QUERY_ATTEMPTS - 2, err)).toBe(true);
      expect(shouldRetryQuery(MAX_QUERY_ATTEMPTS - 1, err)).toBe(false);
    }
  });

  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 410]) expect(shouldRetryQuery(0, new ConsoleApiError(status, 'X', 'no'))).toBe(false);
  });
});

describe('how long a read waits before the next attempt', () => {
  it('doubles from one second and stops growing at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => queryRetryDelay(n, down))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('waits at least what Retry-After asked for', () => {
    const busy = new ConsoleApiError(503, 'UPSTREAM_BUSY', 'busy', [], 7);
    expect(queryRetryDelay(0, busy)).toBe(7000);
    expect(queryRetryDelay(4, busy)).toBe(16000);
  });
});

describe('what the page says', () => {
  it('names who is not answering', () => {
    expect(struggleHeadline(down)).toBe('The Signing API is not answering');
    expect(struggleHeadline(offline)).toBe('The console is not answering');
    expect(struggleHeadline(new ConsoleApiError(429, 'RATE_LIMITED', 'x'))).toMatch(/busy/);
    expect(struggleHeadline(new ConsoleApiError(500, 'INTERNAL_ERROR', 'The audit log is unavailable.'))).toBe('This could not be loaded (The audit log is unavailable)');
    // A 503 of the console's own database is not the API's fault either.
    expect(struggleHeadline(new ConsoleApiError(503, 'DATABASE_UNAVAILABLE', 'x', [], 5))).toBe("The console's database is not answering");
  });
});

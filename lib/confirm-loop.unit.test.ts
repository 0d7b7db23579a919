import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApiError } from './api-error';
import { ConfirmLoop, confirmDelayMs, isUnsettled, type Confirmation } from './confirm-loop';

const unavailable = () => new ConsoleApiError(503, 'UPSTREAM_UNAVAILABLE', 'The Signing API is not answering.');
const refused = () => new ConsoleApiError(409, 'PREVIEW_EXPIRED', 'The preview has expired.');

describe('ConfirmLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resends with backoff until a definite answer, reporting each wait', async () => {
    const answers: (() => Promise<string>)[] = [
      () => Promise.reject(unavailable()),
      () => Promise.reject(new TypeError('fetch failed')),
      () => Promise.resolve('pkg_1'),
    ];
    const resend = vi.fn(() => answers.shift()!());
    const seen: Confirmation<string>[] = [];
    const loop = new ConfirmLoop(resend, (s) => seen.push(s));
    loop.start(unavailable());
    expect(seen.at(-1)).toMatchObject({ state: 'confirming', attempt: 1 });
    await vi.advanceTimersByTimeAsync(confirmDelayMs(1));
    expect(resend).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toMatchObject({ state: 'confirming', attempt: 2 });
    await vi.advanceTimersByTimeAsync(confirmDelayMs(2) - 1);
    expect(resend).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.at(-1)).toMatchObject({ state: 'confirming', attempt: 3, lastError: 'fetch failed' });
    await vi.advanceTimersByTimeAsync(confirmDelayMs(3));
    expect(seen.at(-1)).toEqual({ state: 'done', result: 'pkg_1' });
    expect(resend).toHaveBeenCalledTimes(3);
  });

  it('ends on a definite refusal, which is the only other way out', async () => {
    const seen: Confirmation<string>[] = [];
    const loop = new ConfirmLoop(
      () => Promise.reject(refused()),
      (s) => seen.push(s),
    );
    loop.start(unavailable());
    await loop.tryNow();
    expect(seen.at(-1)).toMatchObject({ state: 'refused' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.filter((s) => s.state === 'refused')).toHaveLength(1);
  });

  it('waits while the page is hidden and goes when it is shown', async () => {
    let hidden = true;
    const resend = vi.fn(() => Promise.resolve('ok'));
    const seen: Confirmation<string>[] = [];
    const loop = new ConfirmLoop(
      resend,
      (s) => seen.push(s),
      () => hidden,
    );
    loop.start(unavailable());
    await vi.advanceTimersByTimeAsync(120_000);
    expect(resend).not.toHaveBeenCalled();
    hidden = false;
    loop.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(resend).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toEqual({ state: 'done', result: 'ok' });
  });

  it('stops for good when its owner goes away', async () => {
    const resend = vi.fn(() => Promise.reject(unavailable()));
    const loop = new ConfirmLoop(resend, () => undefined);
    loop.start(unavailable());
    loop.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(resend).not.toHaveBeenCalled();
  });

  it('caps the wait at 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(confirmDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });
});

describe('isUnsettled', () => {
  it('treats no answer, 5xx, 429 and a key still running as unknown, and other answers as definite', () => {
    expect(isUnsettled(new TypeError('fetch failed'))).toBe(true);
    expect(isUnsettled(new ConsoleApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(isUnsettled(unavailable())).toBe(true);
    expect(isUnsettled(new ConsoleApiError(429, 'RATE_LIMITED', 'x'))).toBe(true);
    expect(isUnsettled(new ConsoleApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'x'))).toBe(true);
    expect(isUnsettled(refused())).toBe(false);
    expect(isUnsettled(new ConsoleApiError(422, 'VALIDATION_FAILED', 'x'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { apiClock, offsetFrom, PREVIEW_VALIDITY_MS, receiptEnd } from './api-clock.ts';

const T = Date.parse('2026-11-23T10:00:00Z');

describe('the API clock offset', () => {
  it('reads Date as one second later, from the moment the request left', () => {
    expect(offsetFrom('Mon, 23 Nov 2026 10:05:00 GMT', T)).toBe(5 * 60_000 + 1000);
    expect(offsetFrom('Mon, 23 Nov 2026 09:55:00 GMT', T)).toBe(-5 * 60_000 + 1000);
    expect(offsetFrom('soon', T)).toBeNull();
  });

  it('keeps the latest API time shown, so an older estimate never moves it back', () => {
    const clock = new (apiClock.constructor as new () => typeof apiClock)();
    clock.note('Mon, 23 Nov 2026 10:00:00 GMT', 0);
    expect(clock.now(0)).toBe(T + 1000);
    expect(clock.now(5000)).toBe(T + 6000);
    // The API's clock moved on (the sandbox's can): followed at once.
    clock.note('Mon, 23 Nov 2026 10:09:00 GMT', 2000);
    expect(clock.now(2000)).toBe(T + 9 * 60_000 + 1000);
    // A later answer carrying an older time (a stale estimate) changes nothing.
    clock.note('Mon, 23 Nov 2026 10:00:05 GMT', 6000);
    expect(clock.now(6000)).toBe(T + 9 * 60_000 + 5000);
    clock.note(null, 7000);
    expect(clock.now(6000)).toBe(T + 9 * 60_000 + 5000);
  });
});

describe('when a receipt ends on the API clock', () => {
  const date = 'Mon, 23 Nov 2026 10:00:00 GMT';
  it('is the stated expiry, never more than the spec’s 10 minutes after the answer', () => {
    expect(receiptEnd(date, '2026-11-23T10:04:00Z')).toBe(T + 4 * 60_000);
    expect(receiptEnd(date, '2026-11-23T11:00:00Z')).toBe(T + PREVIEW_VALIDITY_MS);
  });
  it('is 10 minutes after the answer when the API gives no expiry', () => {
    expect(receiptEnd(date, undefined)).toBe(T + PREVIEW_VALIDITY_MS);
    expect(receiptEnd(date, 'garbled')).toBe(T + PREVIEW_VALIDITY_MS);
  });
  it('is unknown without the API’s Date', () => {
    expect(receiptEnd(null, '2026-11-23T10:04:00Z')).toBeNull();
  });
});

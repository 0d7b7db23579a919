import { describe, expect, it } from 'vitest';
import { clockSkew, EDITOR_SESSION_MS, formatCountdown, localDeadline, sessionPhase } from './session-clock.ts';

const now = Date.parse('2030-01-01T12:00:00Z');

describe('session clock', () => {
  it('learns the API clock offset from a session just opened', () => {
    expect(clockSkew('2030-01-01T13:00:00Z', now)).toBe(0);
    expect(clockSkew('2030-01-01T13:00:02Z', now)).toBe(0); // latency, not skew
    expect(clockSkew('2030-01-01T14:00:00Z', now)).toBe(EDITOR_SESSION_MS); // API clock an hour ahead
    expect(clockSkew('not a date', now)).toBe(0);
  });

  it('ends the countdown on the browser clock, never more than an hour away', () => {
    expect(localDeadline('2030-01-01T14:00:00Z', EDITOR_SESSION_MS, now)).toBe(now + EDITOR_SESSION_MS);
    expect(localDeadline('2030-01-01T12:30:00Z', 0, now)).toBe(now + 30 * 60_000);
    expect(localDeadline('2030-01-01T15:00:00Z', 0, now)).toBe(now + EDITOR_SESSION_MS);
  });

  it('formats minutes and seconds, rounding up', () => {
    expect(formatCountdown(EDITOR_SESSION_MS)).toBe('60:00');
    expect(formatCountdown(59 * 60_000 + 7_000)).toBe('59:07');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });

  it('warns in the last five minutes', () => {
    expect(sessionPhase(5 * 60_000 + 1)).toBe('ok');
    expect(sessionPhase(5 * 60_000)).toBe('warning');
    expect(sessionPhase(0)).toBe('expired');
  });
});

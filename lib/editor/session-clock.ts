// The hosted-editor session lasts one hour (spec section 3). The countdown runs on the
// browser's clock, corrected by the offset between the API's clock and ours, learned when a
// session opens (its expiry is then exactly one hour after the API's "now").

import { secondsLeft } from '../seconds-left.ts';

export const EDITOR_SESSION_MS = 60 * 60 * 1000;
/** The countdown turns into a warning this long before the end. */
export const SESSION_WARNING_MS = 5 * 60 * 1000;
/** Offsets smaller than this are network latency, not a clock difference. */
const SKEW_NOISE_MS = 5_000;

/** API clock minus browser clock, from a session opened (answered) at `receivedAt`. */
export function clockSkew(expiresAt: string, receivedAt: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  const skew = end - EDITOR_SESSION_MS - receivedAt;
  return Math.abs(skew) < SKEW_NOISE_MS ? 0 : skew;
}

/**
 * When the session ends on the browser's clock. Never later than an hour from now: a session
 * read (not opened) with an unknown skew cannot have more than its hour left.
 */
export function localDeadline(expiresAt: string, skew: number, now: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return now;
  return Math.min(end - skew, now + EDITOR_SESSION_MS);
}

/** "59:07": minutes and seconds left, rounded up so 0:00 shows only at the end. */
export function formatCountdown(ms: number): string {
  const total = secondsLeft(ms, 0);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export type SessionPhase = 'ok' | 'warning' | 'expired';

export const sessionPhase = (remainingMs: number): SessionPhase =>
  remainingMs <= 0 ? 'expired' : remainingMs <= SESSION_WARNING_MS ? 'warning' : 'ok';

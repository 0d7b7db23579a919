import type { Ticker } from '../scheduler.ts';
import type { Services } from '../services.ts';
import { OTP_ISSUE_WINDOW_MS } from './guest-auth.ts';

// disposableAt() of guest-auth.ts, in SQL: the last entry of issued_at_ms is the newest issue.
const DISPOSABLE_AT = `max(json_extract(data, '$.expires_at_ms'), json_extract(data, '$.issued_at_ms[#-1]') + ${OTP_ISSUE_WINDOW_MS})`;

/**
 * Anyone may ask for a code for any e-mail and request, and a stranger gets a challenge too,
 * so without pruning the table grows with every guess. A challenge past disposableAt() can
 * no longer open a session nor cap the codes sent, so the scheduler's tick deletes it; a
 * later verify then answers 401 OTP_INVALID, as for a code never requested.
 */
export function otpChallengePruner(services: Services): Ticker {
  const { db } = services;
  const prune = db.prepare<[number]>(`DELETE FROM records WHERE kind = 'otp_challenge' AND ${DISPOSABLE_AT} <= ?`);
  const nextDue = db.prepare<[], { due: number | null }>(
    `SELECT MIN(${DISPOSABLE_AT}) AS due FROM records WHERE kind = 'otp_challenge'`,
  );
  return (now) => {
    prune.run(now);
    return nextDue.get()?.due ?? null;
  };
}

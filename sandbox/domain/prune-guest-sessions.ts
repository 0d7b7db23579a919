import type { Ticker } from '../scheduler.ts';
import type { Services } from '../services.ts';

/**
 * A guest session past its hour answers exactly as an unknown one (401
 * GUEST_SESSION_REQUIRED), so keeping it serves nothing but the signer's e-mail it holds.
 * The scheduler's tick deletes it.
 */
export function guestSessionPruner(services: Services): Ticker {
  const { db } = services;
  const prune = db.prepare<[number]>(
    "DELETE FROM records WHERE kind = 'guest_session' AND json_extract(data, '$.expires_at_ms') <= ?",
  );
  const nextDue = db.prepare<[], { due: number | null }>(
    "SELECT MIN(json_extract(data, '$.expires_at_ms')) AS due FROM records WHERE kind = 'guest_session'",
  );
  return (now) => {
    prune.run(now);
    return nextDue.get()?.due ?? null;
  };
}

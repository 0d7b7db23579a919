import { isUnsettled } from '../confirm-loop.ts';
import { newIdempotencyKey } from '../idempotency.ts';

// The key lifecycle of one user intent (DESIGN.md section 6), apart from React so it is
// tested on its own. A key is taken when the user acts and kept while the answer to it is
// not known, so a retry of the same action (same fingerprint: same operation, same body)
// reuses it; any definite answer ends the intent, so the next action takes a new key.

/** What is known about a request's effect once it has answered (or failed to). */
export type Outcome = 'done' | 'refused' | 'unknown';

/** A failure is a definite refusal only when the API said so; anything else may have been done. */
export const outcomeOf = (err: unknown): Exclude<Outcome, 'done'> => (isUnsettled(err) ? 'unknown' : 'refused');

export class IntentKey {
  private pending: { fingerprint: string; key: string; unknown: boolean } | null = null;

  constructor(
    private readonly scope: string,
    /** injectable so tests can predict keys */
    private readonly mint: (scope: string) => string = newIdempotencyKey,
  ) {}

  /** The key for this action: the pending one when it is the same action retried, else a new one. */
  take(fingerprint: string): string {
    if (this.pending?.fingerprint === fingerprint) return this.pending.key;
    const key = this.mint(this.scope);
    this.pending = { fingerprint, key, unknown: false };
    return key;
  }

  /** Records an answer: a definite one ends the intent; an unknown one keeps the key for the retry. */
  settle(outcome: Outcome) {
    if (outcome === 'unknown') {
      if (this.pending) this.pending.unknown = true;
    } else this.pending = null;
  }

  /** True while the last attempt of the pending intent ended without a definite answer. */
  get unknown(): boolean {
    return this.pending?.unknown === true;
  }
}

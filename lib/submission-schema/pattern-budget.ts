import type { z } from 'zod';
import { PATTERN_WORK_LIMIT } from './pattern-engine.ts';

// Each pattern check is bounded (pattern-engine.ts), but a submission holds as many values as
// its body can carry: 104 values of 10,000 characters against [ab]*a[ab]{100}$ held the one
// thread of the console (health probes included) for 15.5 s. So one check of a whole
// submission has a budget of pattern work too, spent before each match is run; a submission
// that needs more is refused (422 SUBMISSION_TOO_COMPLEX) naming the field where it ran out.
// Counts and lengths come first (validator.ts): a list longer than its maxItems, a value
// longer than its maxLength, spends nothing.

/** The code of the refusal, for the console's routes and the sandbox alike. */
export const SUBMISSION_TOO_COMPLEX = 'SUBMISSION_TOO_COMPLEX';

/**
 * The most pattern work (program size × characters, as PATTERN_WORK_LIMIT counts it) the check
 * of one submission may cost: one value at the most a single check may cost, and as much again
 * for every other value. About 0.5 s at the slowest rate measured (0.1 µs per instruction and
 * character); an ordinary form (dozens of short values) spends a few percent of it.
 */
export const REQUEST_PATTERN_WORK = 2 * PATTERN_WORK_LIMIT;

/** The pattern work left to one check of a submission; once refused, nothing more is matched. */
export class PatternBudget {
  private left = REQUEST_PATTERN_WORK;
  /** whether the refusal has been said (once per submission, at the first field it stopped) */
  said = false;

  /** Takes `work` from what is left; false, and nothing left from then on, when it does not fit. */
  take(work: number): boolean {
    if (work <= this.left) {
      this.left -= work;
      return true;
    }
    this.left = 0;
    return false;
  }
}

/** The issue that refused a submission as too much pattern work, if that is what refused it. */
export function tooComplexIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssueCustom | undefined {
  return issues.find((i): i is z.core.$ZodIssueCustom => i.code === 'custom' && i.params?.code === SUBMISSION_TOO_COMPLEX);
}

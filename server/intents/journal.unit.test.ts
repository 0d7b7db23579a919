import 'server-only';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from './journal.ts';

describe('outcomeOf', () => {
  it('settles a keyed call only on a definite answer', () => {
    expect(outcomeOf(201)).toBe('succeeded');
    expect(outcomeOf(422, 'VALIDATION_FAILED')).toBe('failed');
    expect(outcomeOf(409, 'PREVIEW_CONSUMED')).toBe('failed');
    for (const status of [0, 429, 500, 502, 503]) expect(outcomeOf(status)).toBe('unknown');
  });
  it('keeps a key the API is still working on unknown: the first call may yet succeed', () => {
    expect(outcomeOf(409, 'IDEMPOTENCY_IN_PROGRESS')).toBe('unknown');
  });
});

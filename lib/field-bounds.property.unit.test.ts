import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boundsOf } from './field-bounds.ts';
import { formDataValidator, readSubmissionSchema } from './submission-schema/index.ts';

// The hint a form shows under a field (boundsOf) and the check the API makes (the shared
// validator) must say the same bound: a hint that rounds 0.0000001 to "0" invites a value the
// validator refuses.
beforeEach(() => vi.stubGlobal('navigator', { languages: ['en-GB'] }));
afterEach(() => vi.unstubAllGlobals());

/** A decimal with up to 12 places, as schemas write bounds. */
const decimal = fc
  .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 12 }))
  .map(([n, k]) => Number((n / 10 ** k).toFixed(k)));
const positive = decimal.map((d) => Math.abs(d)).filter((d) => d > 0);

const numbersIn = (hint: string) => [...hint.matchAll(/-?\d[\d,]*(\.\d+)?/g)].map((m) => Number(m[0].replaceAll(',', '')));

describe('boundsOf (properties)', () => {
  it('names every bound of a number field exactly, and nothing when there is none', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('number', 'integer'),
        fc.record(
          { minimum: decimal, maximum: decimal, exclusiveMinimum: decimal, exclusiveMaximum: decimal, multipleOf: positive },
          { requiredKeys: [] },
        ),
        (type, bounds) => {
          const [field] = readSubmissionSchema({ type: 'object', properties: { v: { type, ...bounds } } }).fields;
          const hint = boundsOf(field!);
          const given = Object.values(bounds);
          // A matcher's return value is not the property's verdict (fast-check fails on a returned false).
          if (given.length === 0) {
            expect(hint).toBeNull();
            return;
          }
          expect(numbersIn(hint!).sort()).toEqual([...given].sort());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('says "at least" / "at most" of a bound the validator takes, "more than" / "less than" of one it refuses', () => {
    fc.assert(
      fc.property(decimal, fc.boolean(), fc.boolean(), (bound, lower, exclusive) => {
        const keyword =
          `${exclusive ? 'exclusive' : ''}${lower ? (exclusive ? 'Minimum' : 'minimum') : exclusive ? 'Maximum' : 'maximum'}` as
            'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum';
        const { fields } = readSubmissionSchema({ type: 'object', properties: { v: { type: 'number', [keyword]: bound } } });
        const hint = boundsOf(fields[0]!)!;
        const taken = formDataValidator(fields).safeParse({ v: bound }).success;
        expect(taken).toBe(!exclusive);
        expect(hint.startsWith(exclusive ? (lower ? 'more than' : 'less than') : lower ? 'at least' : 'at most')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

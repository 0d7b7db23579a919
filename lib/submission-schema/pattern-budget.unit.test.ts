import { describe, expect, it } from 'vitest';
import { fieldsOf, formDataValidator, SUBMISSION_TOO_COMPLEX, tooComplexIssue } from './index.ts';

// Each pattern check is bounded (pattern-engine.ts), but a request holds many values: 104
// values of 10,000 characters against [ab]*a[ab]{100}$ held the server's one thread for 15.5 s.
// The work of one request is bounded too, and counts and lengths are checked before it is spent.

const PATTERN = '[ab]*a[ab]{100}$';

// a and b at random (a fixed seed), the shape that keeps RE2's fast path from settling, with
// the a the pattern wants 101 from the end: each value matches.
function values(count: number, length = 10_000): string[] {
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const one = () => Array.from({ length }, (_, i) => (i === length - 101 || next() < 0.5 ? 'a' : 'b')).join('');
  return Array.from({ length: count }, one);
}

const listOf = (item: Record<string, unknown>, bounds: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { codes: { type: 'array', items: { type: 'string', ...item }, ...bounds } },
});

function check(schema: unknown, data: unknown) {
  const started = performance.now();
  const result = formDataValidator(fieldsOf(schema)).safeParse(data);
  return { elapsed: performance.now() - started, issues: result.success ? [] : result.error.issues };
}

describe('pattern work per request', () => {
  it.each([60, 104])('refuses %i values of 10,000 characters as too complex, naming the field, well under a second', (count) => {
    const { elapsed, issues } = check(listOf({ pattern: PATTERN }), { codes: values(count) });
    const refusal = tooComplexIssue(issues);
    expect(refusal?.params).toEqual({ code: SUBMISSION_TOO_COMPLEX });
    expect(refusal!.path.map(String)[0]).toBe('codes');
    expect(refusal!.message).toMatch(/more pattern checking than one request/);
    // One refusal for the request, not one per value left unchecked.
    expect(issues.filter((i) => tooComplexIssue([i]))).toHaveLength(1);
    // Loose, for a loaded machine: the old code took about 15 s for 104 values.
    expect(elapsed).toBeLessThan(5_000);
  });

  it('counts a list before matching any entry: 104 entries against maxItems 100 are refused for their number alone', () => {
    const { elapsed, issues } = check(listOf({ pattern: PATTERN }, { maxItems: 100 }), { codes: values(104) });
    expect(issues.map((i) => ({ path: i.path.join('.'), message: i.message }))).toEqual([
      { path: 'codes', message: 'must have at most 100 entries' },
    ]);
    // Loose, for a loaded machine: the old code took about 15 s for 104 values.
    expect(elapsed).toBeLessThan(5_000);
  });

  it('measures a value against its maxLength before its pattern, and does not match one too long', () => {
    // Values the pattern would refuse too: only their length is said.
    const { issues } = check(listOf({ pattern: PATTERN, maxLength: 200 }), {
      codes: ['b'.repeat(10_000), 'b'.repeat(201), 'b'.repeat(5_000)],
    });
    expect(issues.map((i) => ({ path: i.path.join('.'), message: i.message }))).toEqual(
      [0, 1, 2].map((i) => ({ path: `codes.${i}`, message: 'must be at most 200 characters' })),
    );
  });

  it('checks an ordinary submission in full: many short values fit the budget', () => {
    const ok = values(200, 120);
    expect(check(listOf({ pattern: PATTERN }), { codes: ok }).issues).toEqual([]);
    const bad = [...ok.slice(0, 199), 'b'.repeat(120)];
    expect(check(listOf({ pattern: PATTERN }), { codes: bad }).issues.map((i) => i.path.join('.'))).toEqual(['codes.199']);
  });

  it('starts every check with a whole budget, however often one validator is used', () => {
    const validator = formDataValidator(fieldsOf(listOf({ pattern: PATTERN })));
    // Two values spend 2 × 1.06 M of the 5 M: three checks together would run out.
    const some = { codes: values(2) };
    for (let i = 0; i < 3; i++) expect(validator.safeParse(some).success).toBe(true);
  });
});

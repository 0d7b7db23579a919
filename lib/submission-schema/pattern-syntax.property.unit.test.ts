import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePattern } from './pattern-engine.ts';
import { readPattern } from './pattern-syntax.ts';

// The restating of a pattern in RE2's syntax (pattern-syntax.ts) keeps its meaning: on random
// patterns of the constructs both engines have, re2js answers as RegExp with 'u' does. Inputs
// are short, so RegExp's backtracking stays cheap here.

const atoms = [
  'a',
  'b',
  '1',
  ' ',
  '-',
  'é',
  '𝒜',
  '.',
  '\\s',
  '\\S',
  '\\d',
  '\\D',
  '\\w',
  '\\W',
  '\\n',
  '\\t',
  '\\.',
  '\\/',
  '\\u0061',
  '\\u{1D49C}',
  '\\x62',
  '\\ud835\\udc9c',
  '[ab]',
  '[^a]',
  '[a-c]',
  '[\\s\\S]',
  '[^\\s]',
  '[\\S1]',
  '[]',
  '[^]',
  '[\\b]',
  '[-a]',
  '[a-]',
  '[é-𝒜]',
  '[\\d\\n]',
  '[^\\w.]',
  '\\p{L}',
  '\\P{L}',
  '\\p{Lu}',
  '\\p{Nd}',
  '[\\p{L}1]',
  '\\p{Script=Latin}',
  '\\p{White_Space}',
].map((a) => fc.constant(a));
const assertions = ['^', '$', '\\b', '\\B'].map((a) => fc.constant(a));
const quantifiers = fc.constantFrom('', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?', '??', '{0,2}?');

const { pattern } = fc.letrec<{ pattern: string; term: string; group: string }>((tie) => ({
  pattern: fc
    .array(
      fc.array(tie('term'), { maxLength: 4 }).map((ts) => ts.join('')),
      { minLength: 1, maxLength: 3 },
    )
    .map((as) => as.join('|')),
  term: fc.oneof(
    { weight: 5, arbitrary: fc.tuple(fc.oneof(...atoms), quantifiers).map(([a, q]) => a + q) },
    { weight: 1, arbitrary: fc.oneof(...assertions) },
    { weight: 2, arbitrary: fc.tuple(tie('group'), quantifiers).map(([g, q]) => g + q) },
  ),
  group: fc
    .tuple(
      fc.constantFrom('(', '(?:'),
      fc.array(tie('term'), { maxLength: 3 }).map((ts) => ts.join('')),
    )
    .map(([open, body]) => `${open}${body})`),
}));

const input = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      'c',
      '1',
      ' ',
      '-',
      '.',
      '\n',
      '\r',
      '\t',
      '\u000b',
      '\u00a0',
      '\u2028',
      '\ufeff',
      '\u200b',
      'é',
      'Z',
      '𝒜',
      '\b',
    ),
    { maxLength: 8 },
  )
  .map((cs) => cs.join(''));

/**
 * Whether `re` (with the u flag) matches `v` as ECMA-262 says: at code-point positions only.
 * V8 also tries a zero-width assertion between the two halves of a surrogate pair (/\B/u
 * matches "a𝒜a" at index 2), where the standard, and RE2, see no position at all.
 */
function standardTest(re: RegExp, v: string): boolean {
  const all = new RegExp(re.source, `${re.flags}g`);
  const insidePair = (i: number) => i > 0 && /[\ud800-\udbff]/.test(v[i - 1]!) && /[\udc00-\udfff]/.test(v[i] ?? '');
  for (const m of v.matchAll(all)) if (!insidePair(m.index)) return true;
  return false;
}

describe('patterns restated for RE2 (properties)', () => {
  it('reads a zero-width match inside a surrogate pair as no match, as the standard does', () => {
    expect(/\B/u.test('a𝒜a')).toBe(true); // V8's own answer
    expect(standardTest(/\B/u, 'a𝒜a')).toBe(false);
    expect(standardTest(/\B/u, 'ab')).toBe(true);
    expect(compilePattern('\\B|\\p{Lu}$')!.test('a𝒜a')).toBe(false);
  });

  it('match what RegExp with the u flag matches', () => {
    fc.assert(
      // Anchored often, or a pattern is mostly answered by its easiest part.
      fc.property(
        fc.tuple(fc.constantFrom('', '^'), pattern, fc.constantFrom('', '$')).map((ps) => ps.join('')),
        fc.array(input, { minLength: 1, maxLength: 6 }),
        (p, values) => {
          let re: RegExp;
          try {
            re = new RegExp(p, 'u');
          } catch {
            fc.pre(false);
            return;
          }
          const reading = readPattern(p);
          expect(reading, p).toMatchObject({ ok: true });
          const compiled = compilePattern(p);
          expect(compiled, p).not.toBeNull();
          for (const v of values) expect(compiled!.test(v), `${p} on ${JSON.stringify(v)}`).toBe(standardTest(re, v));
        },
      ),
      { numRuns: 800 },
    );
  }, 30_000);

  it('never accept a pattern re2js cannot compile', () => {
    const repeats = fc.constantFrom('{999}', '{1000}', '{1001}', '{2,500}', '{0,1000}', '{40}', '{25}', '{1,}', '*');
    const nested = fc
      .array(repeats, { minLength: 1, maxLength: 3 })
      .map((rs) => rs.reduce((inner, r) => `(?:${inner})${r}`, 'a'));
    fc.assert(
      fc.property(nested, (p) => {
        const reading = readPattern(p);
        if (reading.ok) expect(compilePattern(p), p).not.toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});

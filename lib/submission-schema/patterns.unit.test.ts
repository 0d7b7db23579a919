import { describe, expect, it } from 'vitest';
import { describeUnsupported, fieldsOf, formDataValidator, readSubmissionSchema, type FieldDescriptor } from './index.ts';
import { compilePattern, PATTERN_INPUT_LIMIT } from './pattern-engine.ts';

// Schema patterns run on the server's one thread and in the browser against what an operator
// types (issue 19): they must be answered in time whatever the pattern, and a pattern the
// engine cannot run is named like any other construct the console cannot carry.

const one = (property: Record<string, unknown>) => ({ type: 'object', properties: { v: property } });

const issuesIn = (s: unknown, input: unknown) => {
  const result = formDataValidator(fieldsOf(s), {}).safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

const pathsOf = (fields: readonly FieldDescriptor[]): string[] =>
  fields.flatMap((f) => [f.path, ...pathsOf(f.fields ?? []), ...(f.item ? pathsOf([f.item]) : [])]);

describe('schema patterns', () => {
  it('answers a catastrophic pattern (^(a+)+$) against 5,000 a and a ! at once', () => {
    // Another pattern first, so the time is this check's (compiling the pattern included), not
    // the engine's first run through the JIT.
    issuesIn(one({ type: 'string', pattern: '^(b+)+$' }), { v: `${'b'.repeat(5_000)}!` });
    const started = performance.now();
    const issues = issuesIn(one({ type: 'string', pattern: '^(a+)+$' }), { v: `${'a'.repeat(5_000)}!` });
    const elapsed = performance.now() - started;
    expect(issues).toEqual([{ path: 'v', message: 'must have the expected form (the exact rule is the pattern ^(a+)+$)' }]);
    // About 5 ms alone; loose for a loaded machine. A backtracking engine would not finish at all
    // (2^5000 ways to split the a's).
    expect(elapsed).toBeLessThan(2_000);
  });

  const unreadable: [string, string][] = [
    ['a lookahead', '^(?=.*[0-9]).{8,}$'],
    ['a negative lookahead', '^(?!tmp-)'],
    ['a lookbehind', '(?<=EUR )[0-9]+'],
    ['a negative lookbehind', '(?<!-)[0-9]+'],
    ['a backreference', '^(a|b)\\1$'],
    ['a named backreference', '^(?<q>[\'"]).*\\k<q>$'],
  ];
  const beyondTheEngine: [string, string][] = [
    ['inline flags', '(?i:abc)'],
    ['a repeat count over 1000', '^[0-9]{1001}$'],
    ['nested repeats over 1000 in all', '^(?:[A-Z]{3}-[0-9]{40}){30}$'],
    ['a four-letter script code', '^\\p{Script=Latn}+$'],
    ['a Unicode property RE2 lacks', '^\\p{Script_Extensions=Greek}+$'],
    ['groups nested 101 deep', `${'('.repeat(101)}a${')'.repeat(101)}`],
    ['a pattern too large to check', `^(?:${Array.from({ length: 60 }, (_, i) => `x${i}[a-z]{0,99}`).join('|')})$`],
  ];
  it.each([...unreadable, ...beyondTheEngine])('names %s as an unsupported pattern, with its field', (_name, pattern) => {
    const reading = readSubmissionSchema({
      type: 'object',
      properties: {
        ok: { type: 'string' },
        rows: { type: 'array', items: { type: 'object', properties: { code: { type: 'string', pattern } } } },
      },
    });
    expect(reading.unsupported).toEqual([expect.objectContaining({ path: 'rows.*.code', construct: 'pattern' })]);
    expect(pathsOf(reading.fields)).toEqual(['ok', 'rows', 'rows.*']);
    expect(describeUnsupported(reading.unsupported[0]!)).toMatch(/^Field "rows\[\]\.code" has a "pattern" .+\.$/);
  });

  it('says which construct the engine lacks', () => {
    const said = (pattern: string) => describeUnsupported(readSubmissionSchema(one({ type: 'string', pattern })).unsupported[0]!);
    expect(said('(?<=a)b')).toBe(
      `Field "v" has a "pattern" that uses a lookbehind ((?<=…) or (?<!…)), which the console's linear-time pattern engine (RE2) cannot run.`,
    );
    expect(said('(a)\\1')).toMatch(/^Field "v" has a "pattern" that uses a backreference/);
    expect(said('\\p{Script=Latn}')).toMatch(/the Unicode property \\p\{Script=Latn\}/);
    expect(said('(')).toBe('Field "v" has a "pattern" that is not a regular expression the console can read.');
  });

  // Each pair: a pattern, values it matches, values it does not, all as ECMAScript's RegExp with 'u' answers.
  const meanings: [string, string, string[], string[]][] = [
    ['is a search, not a full match', '[0-9]{3}', ['ab123', '999'], ['12', 'a1b2c3']],
    ['anchors ^ and $ at the ends of the value only', '^ab$', ['ab'], ['ab\n', '\nab', 'x\nab']],
    ['matches no line terminator with .', '^a.b$', ['a b', 'aéb', 'a𝒜b'], ['a\nb', 'a\rb', 'a\u2028b', 'a\u2029b']],
    ['reads \\s as ECMAScript spaces', '^\\s+$', [' \t\n\v\f\r', '\u00a0\u2003\u3000\ufeff\u2028'], ['\u200b', 'a']],
    ['reads \\S as the rest', '^\\S$', ['a', '\u200b', '𝒜'], [' ', '\u00a0']],
    ['reads \\d and \\w as ASCII', '^\\w\\d$', ['a1', '_9'], ['é1', 'a٣']],
    ['reads \\b at ASCII word edges', '\\bcat\\b', ['a cat', 'cat.'], ['cats', 'écat1']],
    ['counts a character outside the BMP as one', '^.{2}$', ['𝒜𝒜', 'ab'], ['𝒜', 'abc']],
    ['reads \\u, \\u{…}, \\x and escaped surrogate pairs', '^\\u0041\\u{1D49C}\\x42\\ud835\\udc9c$', ['A𝒜B𝒜'], ['A𝒜B']],
    ['reads \\p{…} by name and by category', '^\\p{Lu}\\p{Script=Greek}\\p{Letter}\\P{L}$', ['AαЖ1', 'ZΩ𝒜.'], ['aαЖ1', 'AaЖ1']],
    ['reads [] as nothing and [^] as anything', '^a[^]b[]?$', ['a\nb', 'a𝒜b'], ['ab']],
    ['reads [\\b] as a backspace and a dash in a class as a dash', '^[\\b-]+$', ['\b-'], ['b']],
    ['reads a negated class with \\s', '^[^\\s\\d]+$', ['ab'], ['a b', 'a1']],
    ['reads a named group as a group', '^(?<year>[0-9]{4})-(?:[0-9]{2})$', ['2026-05'], ['26-05']],
    ['reads lazy quantifiers', '^a+?b*?$', ['aab', 'a'], ['b']],
  ];
  it.each(meanings)('%s', (_name, pattern, good, bad) => {
    const schema = one({ type: 'string', pattern });
    expect(readSubmissionSchema(schema).unsupported).toEqual([]);
    for (const v of good) {
      expect(new RegExp(pattern, 'u').test(v), `RegExp on ${JSON.stringify(v)}`).toBe(true);
      expect(issuesIn(schema, { v }), JSON.stringify(v)).toEqual([]);
    }
    for (const v of bad) {
      expect(new RegExp(pattern, 'u').test(v), `RegExp on ${JSON.stringify(v)}`).toBe(false);
      expect(issuesIn(schema, { v }), JSON.stringify(v)).toEqual([{ path: 'v', message: `must have the expected form (the exact rule is the pattern ${pattern})` }]);
    }
  });

  it(`refuses a value longer than ${PATTERN_INPUT_LIMIT} characters, saying why, and counts characters, not UTF-16 units`, () => {
    const schema = one({ type: 'string', pattern: '^[a𝒜]*$' });
    expect(issuesIn(schema, { v: 'a'.repeat(PATTERN_INPUT_LIMIT) })).toEqual([]);
    expect(issuesIn(schema, { v: '𝒜'.repeat(PATTERN_INPUT_LIMIT) })).toEqual([]);
    expect(issuesIn(schema, { v: 'a'.repeat(PATTERN_INPUT_LIMIT + 1) })).toEqual([
      { path: 'v', message: `must be at most ${PATTERN_INPUT_LIMIT} characters to be checked against the pattern ^[a𝒜]*$` },
    ]);
  });

  it('runs a large pattern against as much of a value as its work limit allows, and in time', () => {
    const pattern = '(a|aa){500}$';
    const { inputLimit } = compilePattern(pattern)!;
    expect(inputLimit).toBeLessThan(PATTERN_INPUT_LIMIT);
    expect(inputLimit).toBeGreaterThanOrEqual(500);
    const schema = one({ type: 'string', pattern });
    const started = performance.now();
    expect(issuesIn(schema, { v: `${'a'.repeat(inputLimit - 1)}!` })).toEqual([
      { path: 'v', message: `must have the expected form (the exact rule is the pattern ${pattern})` },
    ]);
    // About 0.25 s at the slowest rate measured (PATTERN_WORK_LIMIT); slack for a loaded machine.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(issuesIn(schema, { v: 'a'.repeat(inputLimit + 1) })[0]?.message).toMatch(
      /^must be at most \d+ characters to be checked/,
    );
  });

  it('compiles each pattern once', () => {
    expect(compilePattern('^CTR-[0-9]{4}$')).toBe(compilePattern('^CTR-[0-9]{4}$'));
    expect(compilePattern('(?=a)')).toBeNull();
  });
});

describe('what a refused pattern says', () => {
  it('says the rule in words first: the description, else an example; the pattern last, for the curious', () => {
    const described = one({ type: 'string', pattern: '^[A-Z0-9]{6,12}$', description: 'Six to twelve capital letters or digits.' });
    expect(issuesIn(described, { v: 'abc' })).toEqual([
      { path: 'v', message: 'must have the expected form: Six to twelve capital letters or digits (the exact rule is the pattern ^[A-Z0-9]{6,12}$)' },
    ]);
    const exemplified = one({ type: 'string', pattern: '^CTR-[0-9]{4}$', examples: ['CTR-2026'] });
    expect(issuesIn(exemplified, { v: 'CTR-1' })).toEqual([
      { path: 'v', message: 'must have the expected form, such as CTR-2026 (the exact rule is the pattern ^CTR-[0-9]{4}$)' },
    ]);
  });
});

import { RE2JS } from 're2js';
import { readPattern } from './pattern-syntax.ts';

// Schema patterns run on re2js, RE2's linear-time engine, never on RegExp (issue 19). Loaded
// with the validator only: in the browser at a form's first validation (lazyResolver), never
// with a page: re2js is about 50 kB gzipped, most of it Unicode tables.

/**
 * The longest value, in characters, a pattern is run against. Linear time is time in
 * proportion to the value's length times the pattern's program size, and on a pattern of
 * unlucky shape re2js's fast path (a DFA) gives up, and each character then costs up to
 * ~0.1 µs per instruction: measured, (a|aa){1000}$ took 1.8 s over 10,000 characters. So the
 * work of one check is bounded (PATTERN_WORK_LIMIT: about 0.25 s at that rate, against the
 * seconds to forever of a backtracking RegExp), and this is the cap for small patterns.
 * A longer value is refused with a message saying so, not cut short: a check of its first
 * part could pass a value the API refuses, or refuse one it takes. A field's maxLength,
 * when lower, bites first.
 */
export const PATTERN_INPUT_LIMIT = 10_000;
/**
 * Program size × characters: the most work one check may cost. A large pattern is run
 * against a shorter value; at this figure ^.{0,1000}$, the largest one class can be repeated
 * in RE2, still takes the 1000 characters it allows.
 */
export const PATTERN_WORK_LIMIT = 2_500_000;

export interface CompiledPattern {
  /** the longest value, in characters, this pattern is run against */
  readonly inputLimit: number;
  /** the work of one check against `value`, as PATTERN_WORK_LIMIT counts it (program size × characters) */
  work(value: string): number;
  /** whether the pattern matches somewhere in the value (JSON Schema patterns are not anchored) */
  test(value: string): boolean;
}

// Patterns come from a handful of releases; each is compiled once. Bounded, oldest out.
const compiled = new Map<string, CompiledPattern | null>();
const MAX_COMPILED = 200;

function compile(pattern: string): CompiledPattern | null {
  const reading = readPattern(pattern);
  if (!reading.ok) return null;
  let re: RE2JS;
  try {
    re = RE2JS.compile(reading.re2);
  } catch {
    // pattern-syntax.ts restates only what RE2 compiles; this is a gap in that restating.
    return null;
  }
  const size = Math.max(1, re.programSize());
  return {
    inputLimit: Math.min(PATTERN_INPUT_LIMIT, Math.floor(PATTERN_WORK_LIMIT / size)),
    work: (value) => size * value.length,
    test: (value) => re.test(value),
  };
}

/**
 * A schema pattern compiled for re2js, or null when the console cannot run it: one that
 * readSubmissionSchema names as unsupported, and so never in a field it reads.
 */
export function compilePattern(pattern: string): CompiledPattern | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  const result = compile(pattern);
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, result);
  return result;
}

/** A value's length in characters (code points) as JSON Schema counts it, past `limit` or not. */
export function isWithin(value: string, limit: number): boolean {
  if (value.length <= limit) return true;
  let count = 0;
  for (const _ of value) if (++count > limit) return false;
  return true;
}

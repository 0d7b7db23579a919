import { re2PropertyName } from './unicode-properties.ts';

// A schema `pattern` (ECMA-262 syntax, read with the 'u' flag as JSON Schema says) restated in
// RE2's syntax, to run on a linear-time engine (pattern-engine.ts). A backtracking engine
// (RegExp) can take seconds on a pattern like ^(a+)+$ and a few dozen characters, and the
// console runs patterns on the server's one thread (issue 19).
//
// This file decides, without the engine, what fields.ts reads and what it names unsupported:
// fields.ts is on pages' first load and re2js is not (its Unicode tables are large), so the
// reader must know on its own what the engine takes. Everything it accepts is restated in a
// small subset of RE2 (code points as \x{…}, classes as ranges, \A and \z, non-capturing
// groups) within RE2's limits, so the engine always compiles it; and each construct is
// restated with ECMAScript's meaning where RE2's differs (`.`, \s, `[^]`, `[]`).

/** A reading: the same pattern in RE2 syntax, or why the console cannot run it. */
export type PatternReading = { ok: true; pattern: string; re2: string } | { ok: false; problem: string };

// RE2 refuses a repeat count above 1000, and nested counts whose product is above 1000.
const REPEAT_LIMIT = 1_000;
// RE2 refuses an expression nested more than 1000 deep; each group level costs it a few.
const DEPTH_LIMIT = 100;
/**
 * The largest pattern the console checks, in RE2's own measure (its parser's size: a node per
 * atom, repeats expanded). Matching costs time in proportion to this times the input's length,
 * so pattern-engine.ts shortens the input it accepts as this grows; beyond it that input
 * would be too short to be of use. Far below RE2's own limit (about 1.4 million).
 */
export const PATTERN_SIZE_LIMIT = 5_000;
const PATTERN_LENGTH_LIMIT = 20_000;

const ENGINE = "the console's linear-time pattern engine (RE2)";

// ECMAScript's \s: WhiteSpace and LineTerminator (the Zs category has not changed since Unicode 6.3).
const WHITESPACE: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;

const hex = (cp: number) => `\\x{${cp.toString(16).toUpperCase()}}`;
const ranges = (rs: readonly (readonly [number, number])[]) =>
  rs.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
const complement = (rs: readonly (readonly [number, number])[]) => {
  const out: [number, number][] = [];
  let next = 0;
  for (const [a, b] of rs) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
};
const SPACE = ranges(WHITESPACE);
const NOT_SPACE = ranges(complement(WHITESPACE));
// ECMAScript's `.` without the s flag: anything but a line terminator (RE2's: anything but \n).
const DOT = `[^${hex(0x0a)}${hex(0x0d)}${hex(0x2028)}${hex(0x2029)}]`;
const ANYTHING = `[${hex(0)}-${hex(MAX_CODE_POINT)}]`;
const NOTHING = `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;

/** A piece of the pattern restated: its RE2 text, RE2's size for it, and its deepest repeat product. */
interface Piece {
  re2: string;
  size: number;
  repeats: number;
}

class Unsupported extends Error {}

const CONTROL_ESCAPES: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/';

/** Reads a pattern that `new RegExp(pattern, 'u')` accepts, so its syntax is known to be well formed. */
class Restater {
  private at = 0;
  private depth = 0;

  constructor(private readonly src: string) {}

  whole(): Piece {
    const piece = this.disjunction();
    if (this.at < this.src.length) throw new Unsupported('is not a regular expression the console can read');
    return piece;
  }

  private peek(offset = 0): string {
    return this.src[this.at + offset] ?? '';
  }

  private startsWith(s: string): boolean {
    return this.src.startsWith(s, this.at);
  }

  private disjunction(): Piece {
    const whole = this.alternative();
    while (this.peek() === '|') {
      this.at++;
      const next = this.alternative();
      whole.re2 += `|${next.re2}`;
      whole.size = within(whole.size + next.size + 1);
      whole.repeats = Math.max(whole.repeats, next.repeats);
    }
    return whole;
  }

  private alternative(): Piece {
    const whole: Piece = { re2: '', size: 0, repeats: 1 };
    while (this.at < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const term = this.quantified(this.atom());
      whole.re2 += term.re2;
      whole.size = within(whole.size + term.size);
      whole.repeats = Math.max(whole.repeats, term.repeats);
    }
    whole.size = Math.max(1, whole.size);
    return whole;
  }

  private quantified(atom: Piece): Piece {
    const c = this.peek();
    let min: number;
    let max: number | undefined;
    let text: string;
    if (c === '*' || c === '+' || c === '?') {
      this.at++;
      text = c;
      [min, max] = c === '*' ? [0, undefined] : c === '+' ? [1, undefined] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.at));
      if (!m) return atom;
      this.at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] ? Number(m[3]) : undefined;
      if (min > REPEAT_LIMIT || (max ?? 0) > REPEAT_LIMIT)
        throw new Unsupported(`repeats something ${m[0]} times; ${ENGINE} repeats at most ${REPEAT_LIMIT} times`);
      text = m[0];
    } else return atom;
    if (this.peek() === '?') {
      this.at++;
      text += '?';
    }
    let size: number;
    let repeats = atom.repeats;
    if (c !== '{') size = (c === '*' ? 2 : 1) + atom.size;
    else {
      // RE2's parser's measure (Parser.calcSize) and its check of nested counts (repeatIsValid).
      size = max === undefined ? (min === 0 ? 2 + atom.size : 1 + min * atom.size) : max * atom.size + (max - min);
      repeats *= Math.max(1, max ?? min);
      if (repeats > REPEAT_LIMIT)
        throw new Unsupported(`nests repeats whose counts multiply to more than ${REPEAT_LIMIT}, the most ${ENGINE} allows`);
    }
    return { re2: atom.re2 + text, size: within(Math.max(1, size)), repeats };
  }

  private atom(): Piece {
    const c = this.peek();
    const one = (re2: string): Piece => ({ re2, size: 1, repeats: 1 });
    switch (c) {
      case '^':
        this.at++;
        return one('\\A');
      case '$':
        this.at++;
        return one('\\z');
      case '.':
        this.at++;
        return one(DOT);
      case '(':
        return this.group();
      case '[':
        return one(this.characterClass());
      case '\\':
        return one(this.escape());
      default: {
        const cp = this.src.codePointAt(this.at)!;
        this.at += cp > 0xffff ? 2 : 1;
        return one(literal(cp));
      }
    }
  }

  private group(): Piece {
    if (this.startsWith('(?=') || this.startsWith('(?!'))
      throw new Unsupported(`uses a lookahead ((?=…) or (?!…)), which ${ENGINE} cannot run`);
    if (this.startsWith('(?<=') || this.startsWith('(?<!'))
      throw new Unsupported(`uses a lookbehind ((?<=…) or (?<!…)), which ${ENGINE} cannot run`);
    if (this.startsWith('(?<')) this.at = this.src.indexOf('>', this.at) + 1;
    else if (this.startsWith('(?:')) this.at += 3;
    else if (this.peek(1) === '?')
      throw new Unsupported(`uses inline flags ((?i:…) and the like), which the console does not read`);
    else this.at += 1;
    if (++this.depth > DEPTH_LIMIT)
      throw new Unsupported(`nests groups more than ${DEPTH_LIMIT} deep, more than the console checks`);
    // Every group is restated as non-capturing: a pattern is only searched for, never captured.
    const inner = this.disjunction();
    this.depth--;
    this.at++;
    return { re2: `(?:${inner.re2})`, size: inner.size, repeats: inner.repeats };
  }

  /** An escape outside a class: an assertion, a class escape, or one code point. */
  private escape(): string {
    const c = this.peek(1);
    if (c === 'b' || c === 'B' || c === 'd' || c === 'D' || c === 'w' || c === 'W') {
      this.at += 2;
      return `\\${c}`;
    }
    if (c === 's' || c === 'S') {
      this.at += 2;
      return c === 's' ? `[${SPACE}]` : `[${NOT_SPACE}]`;
    }
    if (c === 'p' || c === 'P') return this.property();
    if (c === 'k' || (c >= '1' && c <= '9'))
      throw new Unsupported(`uses a backreference (\\1 or \\k<name>), which ${ENGINE} cannot run`);
    return hex(this.characterEscape());
  }

  /** \p{…} or \P{…}, as RE2 names the same set. */
  private property(): string {
    const close = this.src.indexOf('}', this.at);
    const [sign, name] = [this.peek(1), this.src.slice(this.at + 3, close)];
    const re2 = re2PropertyName(name);
    if (!re2) throw new Unsupported(`uses the Unicode property \\${sign}{${name}}, which ${ENGINE} does not know`);
    this.at = close + 1;
    return `\\${sign}{${re2}}`;
  }

  /** The code point of \n, \cJ, \x0A, \u000A, \u{A}, \0 or an escaped syntax character. */
  private characterEscape(): number {
    const c = this.peek(1);
    this.at += 2;
    if (Object.hasOwn(CONTROL_ESCAPES, c)) return CONTROL_ESCAPES[c]!;
    if (c === '0') return 0;
    if (c === 'c') return this.src.charCodeAt(this.at++) % 32;
    if (c === 'x') return this.hexDigits(2);
    if (c === 'u') {
      if (this.peek() === '{') {
        const close = this.src.indexOf('}', this.at);
        const cp = parseInt(this.src.slice(this.at + 1, close), 16);
        this.at = close + 1;
        return cp;
      }
      const unit = this.hexDigits(4);
      // In 'u' mode an escaped surrogate pair is one code point.
      if (unit >= 0xd800 && unit <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(this.src.slice(this.at))) {
        this.at += 2;
        return 0x10000 + ((unit - 0xd800) << 10) + (this.hexDigits(4) - 0xdc00);
      }
      return unit;
    }
    if (SYNTAX_CHARACTERS.includes(c) || c === '-') return c.charCodeAt(0);
    throw new Unsupported('is not a regular expression the console can read');
  }

  private hexDigits(n: number): number {
    const v = parseInt(this.src.slice(this.at, this.at + n), 16);
    this.at += n;
    return v;
  }

  /** […] or [^…], as RE2 ranges; ECMAScript's [] (matches nothing) and [^] (anything) included. */
  private characterClass(): string {
    this.at++;
    const negated = this.peek() === '^';
    if (negated) this.at++;
    let body = '';
    while (this.peek() !== ']') {
      const from = this.classAtom();
      if (typeof from === 'number' && this.peek() === '-' && this.peek(1) !== ']') {
        this.at++;
        const to = this.classAtom() as number;
        body += `${hex(from)}-${hex(to)}`;
      } else body += typeof from === 'number' ? hex(from) : from;
    }
    this.at++;
    if (!body) return negated ? ANYTHING : NOTHING;
    return `[${negated ? '^' : ''}${body}]`;
  }

  /** One code point, or a set's RE2 text (\d, \p{L}, the ranges of \s). */
  private classAtom(): number | string {
    if (this.peek() !== '\\') {
      const cp = this.src.codePointAt(this.at)!;
      this.at += cp > 0xffff ? 2 : 1;
      return cp;
    }
    const c = this.peek(1);
    if (c === 'b') {
      this.at += 2;
      return 0x08;
    }
    if (c === 'd' || c === 'D' || c === 'w' || c === 'W') {
      this.at += 2;
      return `\\${c}`;
    }
    if (c === 's' || c === 'S') {
      this.at += 2;
      return c === 's' ? SPACE : NOT_SPACE;
    }
    if (c === 'p' || c === 'P') return this.property();
    return this.characterEscape();
  }
}

const literal = (cp: number) => (/^[A-Za-z0-9 ]$/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : hex(cp));

/** A size, refused as soon as it passes the limit: reading a huge pattern stops there. */
function within(size: number): number {
  if (size > PATTERN_SIZE_LIMIT)
    throw new Unsupported(
      `is too large for the console to check (over ${PATTERN_SIZE_LIMIT} steps once its repeats are counted)`,
    );
  return size;
}

/**
 * A schema pattern in RE2's syntax, or why the console cannot run it. The pattern must first
 * be ECMA-262 (what JSON Schema says), so RegExp parses it; it is never matched with RegExp.
 */
export function readPattern(pattern: unknown): PatternReading {
  const unreadable = { ok: false, problem: 'is not a regular expression the console can read' } as const;
  if (typeof pattern !== 'string') return unreadable;
  // A class counts once in RE2's measure however many characters it lists; this bounds those.
  if (pattern.length > PATTERN_LENGTH_LIMIT)
    return { ok: false, problem: `is longer than ${PATTERN_LENGTH_LIMIT} characters, more than the console checks` };
  try {
    new RegExp(pattern, 'u');
  } catch {
    return unreadable;
  }
  try {
    return { ok: true, pattern, re2: new Restater(pattern).whole().re2 };
  } catch (err) {
    if (err instanceof Unsupported) return { ok: false, problem: err.message };
    throw err;
  }
}

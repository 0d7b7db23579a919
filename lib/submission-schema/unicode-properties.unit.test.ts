import { describe, expect, it } from 'vitest';
import { compilePattern } from './pattern-engine.ts';
import { readSubmissionSchema } from './fields.ts';
import { knownPropertyNames } from './unicode-properties.ts';

// Each \p{…} name the reader accepts names the same set in re2js as in V8: compared on every
// 127th code point (and the BMP's whitespace and line terminators below, on all of them).

const sample = Array.from({ length: Math.ceil(0x110000 / 127) }, (_, i) => i * 127)
  .filter((cp) => cp < 0xd800 || cp > 0xdfff)
  .map((cp) => String.fromCodePoint(cp));

describe('Unicode properties in patterns', () => {
  it.each(knownPropertyNames())('\\p{%s} is the same set in re2js as in RegExp', (name) => {
    for (const sign of ['p', 'P']) {
      const pattern = `^\\${sign}{${name}}$`;
      const js = new RegExp(pattern, 'u');
      const re2 = compilePattern(pattern);
      expect(re2, pattern).not.toBeNull();
      const differ = sample.filter((c) => js.test(c) !== re2!.test(c)).map((c) => c.codePointAt(0)!.toString(16));
      expect(differ, pattern).toEqual([]);
    }
  });

  it('reads \\s, \\S and . as RegExp does on every BMP character', () => {
    const bmp = Array.from({ length: 0x10000 }, (_, cp) => cp)
      .filter((cp) => cp < 0xd800 || cp > 0xdfff)
      .map((cp) => String.fromCharCode(cp));
    for (const pattern of ['^\\s$', '^\\S$', '^[\\s]$', '^[^\\S]$', '^.$', '^[\\S\\d]$']) {
      const js = new RegExp(pattern, 'u');
      const re2 = compilePattern(pattern)!;
      expect(
        bmp.filter((c) => js.test(c) !== re2.test(c)).map((c) => c.charCodeAt(0).toString(16)),
        pattern,
      ).toEqual([]);
    }
  });

  it('names a property re2js does not have as unsupported', () => {
    for (const name of ['Script=Latn', 'sc=Grek', 'Script_Extensions=Latin', 'RGI_Emoji', 'ID_Start', 'Changes_When_Casefolded'])
      expect(
        readSubmissionSchema({ type: 'object', properties: { v: { type: 'string', pattern: `\\p{${name}}` } } }).unsupported,
        name,
      ).toEqual([expect.objectContaining({ path: 'v', construct: 'pattern' })]);
  });
});

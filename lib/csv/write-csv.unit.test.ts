import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMULA_PAYLOADS, liveFormulas } from '../../tests/support/spreadsheet-view.ts';
import { readCsv } from './read-csv.ts';
import { csvCell, defuseCell, restoreCell, toCsv, writeCsv } from './write-csv.ts';

describe('csvCell', () => {
  it('quotes what RFC 4180 wants quoted and defuses what a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('defuses a formula after a semicolon, a tab, a comma or a line break, not only at the start', () => {
    expect(csvCell('x;=1+1;y')).toBe(`"x;'=1+1;y"`);
    expect(csvCell('a\t=1+1')).toBe(`"a\t'=1+1"`);
    expect(csvCell('a, =1')).toBe(`"a,' =1"`);
    expect(csvCell('a;"=1"')).toBe(`"a;'""=1"""`);
    expect(csvCell('l\r\n@x')).toBe(`"l\r\n'@x"`);
    for (const payload of FORMULA_PAYLOADS) expect(liveFormulas(`a,${csvCell(payload)},b\r\n`)).toEqual([]);
  });

  it('quotes a cell with a semicolon or a tab, so a file of one column reads back as one', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
  });

  it('leaves alone what cannot start a formula: dashes and signs inside a segment, dates, an address list', () => {
    expect(csvCell('2026-11-27T10:00:00Z')).toBe('2026-11-27T10:00:00Z');
    expect(csvCell('Jane <j@example.com>; Bob <b@example.com>')).toBe('"Jane <j@example.com>; Bob <b@example.com>"');
    expect(csvCell('a+b-c@d')).toBe('a+b-c@d');
  });

  it('writes an E.164 phone as typed, quoted, without the visible quote; other signed text keeps it', () => {
    expect(csvCell('+4915112345678')).toBe('"+4915112345678"');
    expect(csvCell('+442071234567')).toBe('"+442071234567"');
    // Arithmetic a spreadsheet would compute (-654), or the intersection operator: not a phone to it.
    expect(csvCell('+1-555-0100')).toBe("'+1-555-0100");
    expect(csvCell('+49 151')).toBe("'+49 151");
    // Too short for E.164: the old rule holds.
    expect(csvCell('+1')).toBe("'+1");
    expect(liveFormulas(`${csvCell('+4915112345678')}\r\n`)).toEqual([]);
  });
});

describe('writeCsv and toCsv', () => {
  it('writes a header and one CRLF line per row, columns in their order', () => {
    expect(toCsv(['id', 'name'] as const, [{ id: 'a', name: 'x,y' }, { id: 'b' }])).toBe('id,name\r\na,"x,y"\r\nb,\r\n');
    expect(writeCsv(['a', 'b'], [['=SUM(A1)', 'x, "y"']])).toBe('a,b\r\n\'=SUM(A1),"x, ""y"""\r\n');
  });

  it('leaves no live formula in the header or any cell, whatever the reader splits on', () => {
    const text = writeCsv(['x;=1+1;y', 'h'], [[...FORMULA_PAYLOADS], ['a\t=1+1', '-']]);
    expect(liveFormulas(text)).toEqual([]);
  });
});

describe('readCsv of what writeCsv wrote', () => {
  it('reads every defused cell back as it was typed', () => {
    const rows = [[...FORMULA_PAYLOADS, "'=own quote", "x;'=its own too", '\tx', '+4915112345678', '+1-555-0100', "'plain"]];
    const header = rows[0]!.map((_, i) => `c${i}`);
    expect(readCsv(writeCsv(header, rows)).rows.map((r) => r.cells)).toEqual(rows);
  });

  // Cells of the characters that matter: separators, quotes, line breaks, formula starts.
  const cell = fc
    .array(fc.constantFrom('a', '1', ' ', ',', ';', '\t', '"', '\n', '\r\n', "'", '=', '+', '-', '@'), {
      minLength: 1,
      maxLength: 10,
    })
    .map((parts) => `x${parts.join('')}`);

  it('defuses every cell and gives each back unchanged (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = writeCsv(['a', 'b'], rows);
        expect(liveFormulas(text)).toEqual([]);
        expect(readCsv(text).rows.map((r) => r.cells)).toEqual(rows);
      }),
    );
  });

  it('restoreCell undoes defuseCell on any text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', ',', ';', '\t', '\r', '\n', '"', "'", '=', '+', '-', '@') }),
        (s) => {
          expect(restoreCell(defuseCell(s))).toBe(s);
        },
      ),
    );
  });
});

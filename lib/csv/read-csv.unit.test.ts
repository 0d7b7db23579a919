import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from './read-csv.ts';
import { writeCsv } from './write-csv.ts';

describe('readCsv', () => {
  it('reads a European Excel file: BOM, semicolons, CRLF, quoted cells with separators and line breaks', () => {
    const table = readCsv('\ufeffname;note\r\n"Doe; Jane";"line one\r\nline two"\r\nPlain;"say ""hi"""\r\n');
    expect(table.separator).toBe(';');
    expect(table.header).toEqual(['name', 'note']);
    expect(table.rows).toEqual([
      { line: 2, cells: ['Doe; Jane', 'line one\r\nline two'] },
      { line: 3, cells: ['Plain', 'say "hi"'] },
    ]);
    expect(table.problems).toEqual([]);
  });

  it('reads rows pasted from a spreadsheet (tabs) and comma files alike', () => {
    expect(readCsv('a\tb\n1\t2').rows).toEqual([{ line: 2, cells: ['1', '2'] }]);
    expect(readCsv('a,b\n1,2\n').separator).toBe(',');
  });

  it('takes the separator that splits every row alike, even where another splits some rows too', () => {
    const table = readCsv('name\tnote\r\nxa\t"x;;a"');
    expect(table.separator).toBe('\t');
    expect(table.rows[0]?.cells).toEqual(['xa', 'x;;a']);
  });

  it('skips blank lines but numbers rows as the spreadsheet does', () => {
    const table = readCsv('\n\na,b\n\n1,2\n,\n3,4\n\n');
    expect(table.header).toEqual(['a', 'b']);
    expect(table.rows.map((r) => r.line)).toEqual([5, 7]);
  });

  it('trims the header only, keeping cells as typed', () => {
    expect(readCsv(' a , b \n x ,y').rows[0]?.cells).toEqual([' x ', 'y']);
    expect(readCsv(' a , b \n x ,y').header).toEqual(['a', 'b']);
  });

  it('reads one column without a separator to guess, and says what it cannot read', () => {
    expect(readCsv('email\nx@example.com').rows).toEqual([{ line: 2, cells: ['x@example.com'] }]);
    expect(readCsv('email\nx@example.com').problems).toEqual([]);
    expect(readCsv('a,b\n"unclosed,2\n').problems).toEqual([{ line: 2, message: 'Quoted field unterminated' }]);
  });

  it('reads nothing from an empty file', () => {
    expect(readCsv('')).toMatchObject({ header: [], rows: [] });
    expect(readCsv('\ufeff\r\n').rows).toEqual([]);
  });
});

describe('writeCsv', () => {
  it('quotes what needs it, ends lines with CRLF and defuses formulas', () => {
    expect(
      writeCsv(
        ['a', 'b'],
        [
          ['=SUM(A1)', 'x, "y"'],
          ['+49 151', 'ok'],
        ],
      ),
    ).toBe('a,b\r\n\'=SUM(A1),"x, ""y"""\r\n\'+49 151,ok\r\n');
  });
});

describe('readCsv of what writeCsv wrote', () => {
  it('gives back phone numbers and formulas as they were, without the defusing quote', () => {
    expect(readCsv(writeCsv(['phone', 'note'], [['+4915112345678', '=1+1']])).rows[0]?.cells).toEqual(['+4915112345678', '=1+1']);
    // A quote before anything else is the sender's own.
    expect(readCsv("note\n'quoted").rows[0]?.cells).toEqual(["'quoted"]);
  });
});

describe('readCsv and writeCsv (properties)', () => {
  // Cells as people type them: letters, the three separators, quotes and line breaks, but no
  // leading formula character (which writeCsv defuses on purpose) and not all blank.
  const cell = fc
    .array(fc.constantFrom('a', 'Z', 'é', '1', ' ', ',', ';', '\t', '"', '\n', '\r\n', "'"), { minLength: 1, maxLength: 8 })
    .map((parts) => `x${parts.join('')}`);
  const table = fc.integer({ min: 1, max: 5 }).chain((width) =>
    fc.tuple(
      fc.array(
        fc.constantFrom('name', 'email', 'phone', 'note', 'ref').map((h) => h),
        { minLength: width, maxLength: width },
      ),
      fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }),
    ),
  );

  it('reads back every cell written, whatever it holds, with or without a BOM', () => {
    fc.assert(
      fc.property(table, fc.boolean(), ([header, rows], bom) => {
        const read = readCsv(`${bom ? '\ufeff' : ''}${writeCsv(header, rows)}`);
        expect(read.problems).toEqual([]);
        expect(read.header).toEqual(header);
        expect(read.rows.map((r) => r.cells)).toEqual(rows);
        expect(read.rows.map((r) => r.line)).toEqual(rows.map((_, i) => i + 2));
      }),
    );
  });

  it('reads the same rows from ; and tab files as from comma files', () => {
    fc.assert(
      fc.property(table, fc.constantFrom(';', '\t'), ([header, rows], sep) => {
        const quote = (c: string) => (/[",;\t\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
        const text = [header, ...rows].map((r) => r.map(quote).join(sep)).join('\r\n');
        const read = readCsv(text);
        if (header.length > 1) expect(read.separator).toBe(sep);
        expect(read.rows.map((r) => r.cells)).toEqual(rows);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { RECIPIENT_IMPORT_MAX_ROWS } from './limits.ts';
import { readRecipientCsv, type RecipientCsv } from './read-recipient-csv.ts';

const rowsOf = (read: RecipientCsv) => {
  if (!read.ok) throw new Error(`expected rows, got problems: ${JSON.stringify(read.problems)}`);
  return read;
};
const problemsOf = (read: RecipientCsv) => {
  if (read.ok) throw new Error(`expected problems, got ${read.rows.length} rows`);
  return read.problems;
};

describe('reading a CSV for the recipient book', () => {
  it('takes name, email and phone in any order, any case, with spaces around headers and cells', () => {
    const read = rowsOf(
      readRecipientCsv(
        ' Phone ;E-Mail; NAME \r\n+49 151 1234 5678; Ada@Example.com ;Ada Lovelace\r\n;grace@example.org;Grace Hopper\r\n',
      ),
    );
    expect(read.rows).toEqual([
      { line: 2, name: 'Ada Lovelace', email: 'Ada@Example.com', phone: '+4915112345678' },
      { line: 3, name: 'Grace Hopper', email: 'grace@example.org', phone: null },
    ]);
    expect(read.merged).toBe(0);
  });

  it('takes a file without a phone column, a BOM, blank lines and trailing empty columns', () => {
    const read = rowsOf(readRecipientCsv('\ufeffemail,name,\n\nalan@example.com,Alan Turing,\n\n'));
    expect(read.rows).toEqual([{ line: 3, name: 'Alan Turing', email: 'alan@example.com', phone: null }]);
  });

  it('checks every row and names each problem by row and column, as the send form words it', () => {
    const problems = problemsOf(
      readRecipientCsv(
        [
          'name,email,phone',
          'Ada Lovelace,ada@example.com,+4915112345678',
          ',not-an-address,0151 1234',
          'Grace Hopper,grace@example.org,+442071234567',
          'Alan Turing,alan@example,',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      { row: 3, column: 'name', message: 'Enter the signer’s name' },
      { row: 3, column: 'email', message: 'Enter a valid e-mail address' },
      // The send form's own words: a number dialled at home is told to add its country code.
      { row: 3, column: 'phone', message: expect.stringMatching(/^This looks like a local number: use international format/) },
      { row: 5, column: 'email', message: 'Enter a valid e-mail address' },
    ]);
  });

  it('merges rows repeating an address (any case; a blank phone agrees) and refuses repeats that disagree', () => {
    const merged = rowsOf(
      readRecipientCsv('name,email,phone\nAda Lovelace,ada@example.com,\nAda Lovelace,ADA@example.com,+4915112345678\n'),
    );
    expect(merged.rows).toEqual([{ line: 2, name: 'Ada Lovelace', email: 'ada@example.com', phone: '+4915112345678' }]);
    expect(merged.merged).toBe(1);

    const clash = problemsOf(
      readRecipientCsv('name,email,phone\nAda Lovelace,ada@example.com,+4915112345678\nAda King,ada@example.com,\n'),
    );
    expect(clash).toEqual([
      {
        row: 3,
        column: 'email',
        message: 'ada@example.com is also on row 2 with another name or phone: keep one of the two rows',
      },
    ]);
  });

  it('names columns it does not keep, columns missing, repeated and unnamed ones, and stops there', () => {
    expect(problemsOf(readRecipientCsv('name,email,company\nAda,ada@example.com,ACME\n'))).toEqual([
      { row: null, column: 'company', message: 'The book keeps name, email and phone only: remove the column “company”' },
    ]);
    expect(problemsOf(readRecipientCsv('name,phone\nAda,+4915112345678\n'))).toEqual([
      { row: null, column: 'email', message: 'The header has no “email” column' },
    ]);
    expect(problemsOf(readRecipientCsv('name,email,Email\nAda,a@example.com,b@example.com\n'))).toEqual([
      { row: null, column: 'email', message: 'The column “email” appears twice in the header' },
    ]);
    expect(problemsOf(readRecipientCsv('name,email\nAda,ada@example.com,+4915112345678\n'))).toEqual([
      { row: 2, column: null, message: 'This row has a value in column 3, which has no header' },
    ]);
  });

  it('refuses an empty file, a header alone, and more rows than one import takes', () => {
    expect(problemsOf(readRecipientCsv(''))).toEqual([{ row: null, column: null, message: 'The file is empty' }]);
    expect(problemsOf(readRecipientCsv('name,email,phone\r\n'))).toEqual([
      { row: null, column: null, message: 'The file has a header but no rows under it' },
    ]);
    const many = ['name,email', ...Array.from({ length: RECIPIENT_IMPORT_MAX_ROWS + 1 }, (_, i) => `P ${i},p${i}@example.com`)];
    expect(problemsOf(readRecipientCsv(many.join('\n')))).toEqual([
      { row: null, column: null, message: 'The file has 1,001 rows; one import takes 1,000 at most. Split it in two.' },
    ]);
    expect(rowsOf(readRecipientCsv(many.slice(0, -1).join('\n'))).rows).toHaveLength(RECIPIENT_IMPORT_MAX_ROWS);
  });

  it('reads quoted cells holding separators, quotes and line breaks, and keeps row numbers as a spreadsheet shows them', () => {
    const read = rowsOf(
      readRecipientCsv(
        'name,email,phone\n"Lovelace, Ada ""Countess""",ada@example.com,"+44 20\n7123 4567"\n\nAlan,alan@example.com,\n',
      ),
    );
    expect(read.rows.map((r) => [r.line, r.name, r.phone])).toEqual([
      [2, 'Lovelace, Ada "Countess"', '+442071234567'],
      [4, 'Alan', null],
    ]);
    expect(problemsOf(readRecipientCsv('name,email\n"Ada,ada@example.com\n')).map((p) => p.row)).toEqual([2]);
  });
});

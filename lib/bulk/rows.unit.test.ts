import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../csv/read-csv.ts';
import { writeCsv } from '../csv/write-csv.ts';
import { sendFormSchema, toPreviewInput } from '../packages/send-form.ts';
import { bulkColumns, bulkCsvTemplate, bulkTemplateFileName, BULK_MAX_ROWS } from './columns.ts';
import { BATCH_EXPIRY, repeatedRecipients, rowPreviewInput, rowProblems, rowsFromTable, tableBlocks } from './rows.ts';
import { ndaTemplate as nda } from '../packages/nda-template.test-fixture.ts';

const HEADER = [
  'counterparty_name',
  'effective_date',
  'fee',
  'company_signer.name',
  'company_signer.email',
  'company_signer.phone',
  'counterparty_signer.name',
  'counterparty_signer.email',
  'counterparty_signer.phone',
  'reference',
  'expires_in_days',
];
const GOOD = [
  'Acme',
  '2027-01-15',
  '',
  'Grace Hopper',
  'grace@example.com',
  '+49 151 1234 5678',
  'Alan Turing',
  'alan@example.com',
  '+442071234567',
  'PO 1',
  '',
];

const table = (rows: string[][], header = HEADER) => readCsv(writeCsv(header, rows));

describe('the CSV template', () => {
  it('has one column per sender field, three per signer slot, then the reference and the expiry', () => {
    expect(bulkColumns(nda).map((c) => c.header)).toEqual(HEADER);
  });

  it('is a header and an example row that passes the row checks once the expiry is chosen', () => {
    const { report, rows } = rowsFromTable(nda, readCsv(bulkCsvTemplate(nda)));
    expect(report).toEqual({ unknown: [], missing: [], repeated: [], overlong: [], dropped: 0 });
    expect(rows).toHaveLength(1);
    expect(rowProblems(nda, rows[0]!.values, '30')).toEqual([]);
    expect(rowProblems(nda, rows[0]!.values, '')).toEqual([
      { path: 'expires_in_days', column: BATCH_EXPIRY, message: 'Choose how long signers have to sign' },
    ]);
  });

  it('is named for the template', () => {
    expect(bulkTemplateFileName(nda)).toBe('signdesk-bulk-mutual-nda-2026.csv');
  });
});

describe('rowsFromTable', () => {
  it('maps cells by header, whatever their order and case', () => {
    const shuffled = [...HEADER].reverse().map((h) => h.toUpperCase());
    const { rows } = rowsFromTable(nda, table([[...GOOD].reverse()], shuffled));
    expect(rows[0]!.values.signers[1]).toEqual({
      slot_id: 'counterparty_signer',
      name: 'Alan Turing',
      email: 'alan@example.com',
      phone: '+442071234567',
    });
    expect(rows[0]!.values.sender_values).toEqual({ counterparty_name: 'Acme', effective_date: '2027-01-15', fee: '' });
  });

  it('names unknown, missing and repeated columns, and rows with cells beyond the header', () => {
    const header = [...HEADER.filter((h) => h !== 'company_signer.phone' && h !== 'expires_in_days'), 'notes', 'fee'];
    const text = `${writeCsv(header, [[...GOOD.slice(0, 5), ...GOOD.slice(6, 10), 'x', '1']]).trimEnd()},extra\r\n`;
    const { report } = rowsFromTable(nda, readCsv(text));
    expect(report.unknown).toEqual(['notes']);
    expect(report.missing.map((c) => c.header)).toEqual(['company_signer.phone']);
    expect(report.repeated).toEqual(['fee']);
    expect(report.overlong).toEqual([2]);
    expect(tableBlocks(report)).toBe(true);
  });

  it('keeps at most 500 rows and says how many it dropped', () => {
    const { rows, report } = rowsFromTable(nda, table(Array.from({ length: BULK_MAX_ROWS + 3 }, () => GOOD)));
    expect(rows).toHaveLength(BULK_MAX_ROWS);
    expect(report.dropped).toBe(3);
    expect(tableBlocks(report)).toBe(true);
  });
});

describe('rowProblems', () => {
  const valuesOf = (cells: string[]) => rowsFromTable(nda, table([cells])).rows[0]!.values;
  const set = (i: number, v: string) => GOOD.map((c, j) => (j === i ? v : c));

  it('finds nothing wrong with a good row, and previews it as a single send would', () => {
    const values = valuesOf(GOOD);
    expect(rowProblems(nda, values, '14')).toEqual([]);
    expect(rowPreviewInput(nda, values, '14')).toEqual(toPreviewInput(nda, { ...values, expires_in_days: '14' }));
    expect(rowPreviewInput(nda, values, '14').signers[0]!.phone).toBe('+4915112345678');
  });

  it('names each bad cell by its column, in the single send’s words', () => {
    const values = valuesOf(['', '2027-02-30', 'ten', '', 'not-mail', '12345', ...GOOD.slice(6, 10), '400']);
    expect(rowProblems(nda, values, '14')).toEqual([
      { path: 'sender_values.counterparty_name', column: 'counterparty_name', message: 'Enter the counterparty name' },
      { path: 'sender_values.effective_date', column: 'effective_date', message: 'Enter a real date' },
      { path: 'sender_values.fee', column: 'fee', message: 'Enter a number, e.g. 1250.50' },
      { path: 'signers.0.name', column: 'company_signer.name', message: 'Enter the signer’s name' },
      { path: 'signers.0.email', column: 'company_signer.email', message: 'Enter a valid e-mail address' },
      { path: 'signers.0.phone', column: 'company_signer.phone', message: 'Use international format, e.g. +4915112345678' },
      { path: 'expires_in_days', column: 'expires_in_days', message: 'At most 365 days' },
    ]);
  });

  it('hints at the country code when a local number is given', () => {
    expect(rowProblems(nda, valuesOf(set(5, '0151 1234 5678')), '14')).toEqual([
      {
        path: 'signers.0.phone',
        column: 'company_signer.phone',
        message: expect.stringMatching(/local number.*country code/),
      },
    ]);
  });

  it('says what a row’s own expiry overrides, and checks it as whole days', () => {
    expect(rowProblems(nda, valuesOf(set(10, '7')), '')).toEqual([]);
    expect(rowProblems(nda, valuesOf(set(10, '1.5')), '14')).toEqual([
      { path: 'expires_in_days', column: 'expires_in_days', message: 'Enter whole days, from 1 to 365' },
    ]);
  });

  it('agrees with the single send form on every row (property)', () => {
    const cell = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        'Acme',
        '2027-01-15',
        '2027-13-01',
        '12',
        '1e3',
        'x@example.com',
        '+4915112345678',
        '0151 1234567',
        '0',
        '366',
        '30',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.array(cell, { minLength: HEADER.length, maxLength: HEADER.length }),
        fc.constantFrom('', '14', '0'),
        (cells, batch) => {
          const values = valuesOf(cells);
          const problems = rowProblems(nda, values, batch);
          const expiry = values.expires_in_days.trim() === '' ? batch : values.expires_in_days;
          const single = sendFormSchema(nda).safeParse({ ...values, expires_in_days: expiry });
          // No problem exactly when the single send's form takes the row; then the preview body passes the route's schema too.
          expect(problems.length === 0).toBe(single.success);
          if (single.success) expect(rowPreviewInput(nda, values, batch).signers).toHaveLength(2);
          // Every problem names a column of the file or the batch's expiry.
          for (const p of problems) expect([...HEADER, BATCH_EXPIRY]).toContain(p.column);
        },
      ),
    );
  });
});

describe('repeatedRecipients', () => {
  it('flags rows sent to the very same people, whatever the order or case of their e-mails', () => {
    const rowsOf = (...emails: [string, string][]) =>
      emails.map(([a, b], i) => ({
        line: i + 2,
        values: {
          ...rowsFromTable(nda, table([GOOD])).rows[0]!.values,
          signers: [
            { slot_id: 'company_signer', name: 'A', email: a, phone: '' },
            { slot_id: 'counterparty_signer', name: 'B', email: b, phone: '' },
          ],
        },
      }));
    const repeated = repeatedRecipients(rowsOf(['a@x.io', 'b@x.io'], ['c@x.io', 'b@x.io'], ['B@X.io', 'a@x.io'], ['', '']));
    expect([...repeated]).toEqual([
      [2, [4]],
      [4, [2]],
    ]);
  });
});

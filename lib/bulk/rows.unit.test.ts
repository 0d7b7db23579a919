import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../csv/read-csv.ts';
import { writeCsv } from '../csv/write-csv.ts';
import { sendFormSchema, toPreviewInput } from '../packages/send-form.ts';
import { bulkColumns, bulkCsvTemplate, bulkTemplateFileName, BULK_MAX_ROWS } from './columns.ts';
import {
  BATCH_EXPIRY,
  readRowDates,
  repeatedRecipients,
  rowPreviewInput,
  rowProblems,
  rowProblemsIn,
  rowsFromTable,
  tableBlocks,
} from './rows.ts';
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

  it('is a header and an example row marked as one, which is read as no row and so never sent', () => {
    const text = bulkCsvTemplate(nda);
    expect(text).toMatch(/example/i);
    const { report, rows } = rowsFromTable(nda, readCsv(text));
    expect(report).toEqual({
      unknown: [],
      missing: [],
      repeated: [],
      overlong: [],
      dropped: 0,
      headerless: false,
      examples: [2],
    });
    expect(rows).toEqual([]);
  });

  it('refuses a row that kept the example’s addresses, so an edited example row is never sent to them', () => {
    const example = readCsv(bulkCsvTemplate(nda)).rows[0]!.cells;
    const edited = example.map((c, i) => (HEADER[i] === 'reference' ? 'PO 7' : c));
    const { rows } = rowsFromTable(nda, table([edited]));
    expect(rows).toHaveLength(1);
    expect(rowProblems(nda, rows[0]!.values, '30')).toEqual([
      { path: 'signers.0.email', column: 'company_signer.email', message: expect.stringMatching(/example/i) },
      { path: 'signers.1.email', column: 'counterparty_signer.email', message: expect.stringMatching(/example/i) },
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

  it('says the header row is missing when no cell of the first row names a column', () => {
    const { report } = rowsFromTable(nda, table([GOOD], GOOD));
    expect(report.headerless).toBe(true);
    expect(tableBlocks(report)).toBe(true);
    expect(rowsFromTable(nda, table([GOOD])).report.headerless).toBe(false);
  });

  it('reads the dates of date columns in the sender’s locale, and leaves what it cannot read as typed', () => {
    const at = (date: string) => GOOD.map((c, i) => (HEADER[i] === 'effective_date' ? date : c));
    const { rows } = rowsFromTable(nda, table([at('15.01.2027'), at('1/15/2027'), at('1/2/2027'), at('soon')]), {
      locale: 'en-GB',
    });
    expect(rows.map((r) => r.values.sender_values.effective_date)).toEqual(['2027-01-15', '2027-01-15', '2027-02-01', 'soon']);
    // Text columns are never touched.
    expect(
      rowsFromTable(nda, table([at('1/2/2027').map((c, i) => (i === 0 ? '1/2/2027' : c))]), { locale: 'en-GB' }).rows[0]!.values
        .sender_values.counterparty_name,
    ).toBe('1/2/2027');
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
      {
        path: 'sender_values.effective_date',
        column: 'effective_date',
        message: 'Enter a real date as YYYY-MM-DD, e.g. 2027-01-31',
      },
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

describe('rowProblemsIn (the browser’s check, in its locale)', () => {
  const valuesOf = (date: string) =>
    rowsFromTable(nda, table([GOOD.map((c, i) => (HEADER[i] === 'effective_date' ? date : c))])).rows[0]!.values;

  it('takes a date the locale reads unambiguously, as the server will once it is sent as readRowDates makes it', () => {
    const values = valuesOf('15.01.2027');
    expect(rowProblemsIn(nda, values, '14', 'en-US')).toEqual([]);
    const sent = readRowDates(nda, values, 'en-US');
    expect(sent.sender_values.effective_date).toBe('2027-01-15');
    expect(rowProblems(nda, sent, '14')).toEqual([]);
  });

  it('names the expected form for an ambiguous date', () => {
    expect(rowProblemsIn(nda, valuesOf('3/4/2027'), '14', 'de-DE')).toEqual([
      {
        path: 'sender_values.effective_date',
        column: 'effective_date',
        message: expect.stringMatching(/3\/4\/2027.*YYYY-MM-DD/),
      },
    ]);
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

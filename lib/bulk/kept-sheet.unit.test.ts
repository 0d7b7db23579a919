import { describe, expect, it } from 'vitest';
import { acceptKeptSheet } from './kept-sheet.ts';

const kept = () => ({
  name: 'November contractors',
  expires_in_days: '30',
  sheet: {
    source: 'contractors.csv',
    headerCells: ['counterparty_name'],
    problems: [],
    report: { unknown: [], missing: [], repeated: [], overlong: [], dropped: 0, headerless: false, example: [] },
    rows: [
      {
        line: 2,
        values: {
          sender_values: { counterparty_name: 'Acme (fixed)' },
          signers: [{ slot_id: 's', name: 'Ada', email: 'ada@example.com', phone: '' }],
          expires_in_days: '',
          reference: '',
        },
      },
    ],
  },
});

describe('acceptKeptSheet', () => {
  it('takes a sheet kept by the page back whole, fixes included', () => {
    expect(acceptKeptSheet(kept())).toEqual(kept());
  });

  it('takes nothing that is not a sheet the page can go on from', () => {
    const broken = [
      null,
      'text',
      { ...kept(), name: 3 },
      { ...kept(), sheet: { ...kept().sheet, rows: [{ line: 'two', values: {} }] } },
      { ...kept(), sheet: { ...kept().sheet, report: { unknown: [] } } },
      {
        ...kept(),
        sheet: {
          ...kept().sheet,
          rows: [{ ...kept().sheet.rows[0], values: { ...kept().sheet.rows[0]!.values, signers: [{}] } }],
        },
      },
    ];
    for (const raw of broken) expect(acceptKeptSheet(raw)).toBeNull();
  });
});

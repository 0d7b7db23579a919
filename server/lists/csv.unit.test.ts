import 'server-only';
import { describe, expect, it } from 'vitest';
import { csvCell, exportFileName, toCsv } from './csv';

describe('CSV', () => {
  it('quotes what RFC 4180 wants quoted and defuses what a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('writes a header and one CRLF line per row, columns in their order', () => {
    expect(toCsv(['id', 'name'] as const, [{ id: 'a', name: 'x,y' }, { id: 'b' }])).toBe('id,name\r\na,"x,y"\r\nb,\r\n');
  });

  it('names a file for its day and its filters, in a fixed order, with nothing to escape', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(exportFileName('packages', {}, ['q', 'status'], now)).toBe('signdesk-packages-2026-11-27.csv');
    expect(exportFileName('packages', { status: 'queued', q: 'ACME "quotes" / ü' }, ['q', 'status'], now)).toBe(
      'signdesk-packages-2026-11-27_q-ACME-quotes-_status-queued.csv',
    );
  });
});

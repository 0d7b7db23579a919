import 'server-only';
import { describe, expect, it } from 'vitest';
import { exportFileName } from './csv';

describe('CSV export names', () => {
  it('names a file for its day and its filters, in a fixed order, with nothing to escape', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(exportFileName('packages', {}, ['q', 'status'], now)).toBe('signdesk-packages-2026-11-27.csv');
    expect(exportFileName('packages', { status: 'queued', q: 'ACME "quotes" / ü' }, ['q', 'status'], now)).toBe(
      'signdesk-packages-2026-11-27_q-ACME-quotes-_status-queued.csv',
    );
  });
});

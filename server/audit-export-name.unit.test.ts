import 'server-only';
import { describe, expect, it } from 'vitest';
import { auditExportName } from './audit-export-name';

const day = new Date('2026-11-27T23:59:59.000Z');

// The export's file name says the day it was taken and what it was narrowed to, safely.
describe('auditExportName', () => {
  it('names the whole log by the day (UTC)', () => {
    expect(auditExportName({}, day)).toBe('signdesk-audit-2026-11-27.csv');
    expect(auditExportName({}, new Date('2026-11-28T00:00:00.000Z'))).toBe('signdesk-audit-2026-11-28.csv');
  });

  it('adds each filter set, in one order whatever the query order', () => {
    expect(auditExportName({ operation: 'package.send' }, day)).toBe('signdesk-audit-2026-11-27_operation-package-send.csv');
    expect(
      auditExportName(
        {
          to: '2026-11-27',
          user: 'grace@example.test',
          from: '2026-11-01',
          outcome: 'failure',
          operation: 'approval_request.submit',
        },
        day,
      ),
    ).toBe(
      'signdesk-audit-2026-11-27_operation-approval_request-submit_outcome-failure_user-grace-example-test_from-2026-11-01_to-2026-11-27.csv',
    );
  });

  it('keeps only letters, digits, - and _ from free text, and keeps it short', () => {
    const name = auditExportName({ user: 'a"b/../c\\d;\r\n é %00 x'.repeat(20) }, day);
    expect(name).toMatch(/^[A-Za-z0-9_-]+\.csv$/);
    expect(name.startsWith('signdesk-audit-2026-11-27_user-a-b-c-d-00-xa-b-c')).toBe(true);
    expect(name.length).toBeLessThanOrEqual('signdesk-audit-2026-11-27_user-.csv'.length + 40);
    // A filter of nothing but other characters still shows that there was one.
    expect(auditExportName({ user: '@' }, day)).toBe('signdesk-audit-2026-11-27_user--.csv');
  });
});

import { describe, expect, it } from 'vitest';
import type { SignTemplate } from '../catalog/schemas.ts';
import { differingPages, rowDifferences } from './row-differences.ts';
import type { BulkRow } from './schemas.ts';

const template: SignTemplate = {
  id: 'dst_nda',
  name: 'NDA',
  description: '',
  versions: [],
  slots: [
    { slot_id: 'company_signer', label: 'Company signatory' },
    { slot_id: 'counterparty_signer', label: 'Counterparty signatory' },
  ],
  sender_fields: [
    { key: 'counterparty_name', label: 'Counterparty name', type: 'text', required: true },
    { key: 'fee', label: 'Fee', type: 'number', required: false },
  ],
};

const row = (over: Partial<BulkRow>): BulkRow => ({
  position: 0,
  line: 2,
  state: 'to_review',
  sender_values: { counterparty_name: 'Acme' },
  signers: [
    { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
    { slot_id: 'counterparty_signer', name: 'Bob', email: 'bob@acme.test', phone: '+442071234567' },
  ],
  expires_in_days: 14,
  reference: null,
  reviewed_at: null,
  pdf_sha256: null,
  send_key: null,
  package_id: null,
  error: null,
  sent_at: null,
  ...over,
});

describe('rowDifferences', () => {
  it('finds nothing between two rows that read the same', () => {
    expect(rowDifferences(template, row({}), row({ position: 1, line: 3, reference: 'other' }))).toEqual([]);
  });

  it('names each changed value, recipient part and the expiry, by the template’s labels', () => {
    const next = row({
      sender_values: { counterparty_name: 'Globex', fee: 1250.5 },
      signers: [
        { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
        { slot_id: 'counterparty_signer', name: 'Carol', email: 'carol@globex.test', phone: '+442071234567' },
      ],
      expires_in_days: 30,
    });
    expect(rowDifferences(template, row({}), next)).toEqual([
      { section: 'values', label: 'Counterparty name', before: 'Acme', after: 'Globex' },
      { section: 'values', label: 'Fee', before: '—', after: '1250.5' },
      { section: 'recipients', label: 'Counterparty signatory: name', before: 'Bob', after: 'Carol' },
      { section: 'recipients', label: 'Counterparty signatory: e-mail', before: 'bob@acme.test', after: 'carol@globex.test' },
      { section: 'expiry', label: 'Days to sign', before: '14', after: '30' },
    ]);
  });
});

describe('differingPages', () => {
  it('names the pages whose text changed, and pages only one document has', () => {
    expect(differingPages(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
    expect(differingPages(['a', 'b', 'c'], ['a', 'B', 'c', 'd'])).toEqual([2, 4]);
    expect(differingPages(['a', 'b'], ['a'])).toEqual([2]);
  });
});

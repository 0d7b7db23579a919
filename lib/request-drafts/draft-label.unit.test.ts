import { describe, expect, it } from 'vitest';
import { EMPTY_REQUEST_DRAFT_LABEL, REQUEST_DRAFT_LABEL_MAX, requestDraftLabel } from './draft-label.ts';

const values = (form_data: Record<string, unknown>, external_id = '') => ({
  release_id: 'wf_1@1',
  external_id,
  form_data,
  documents: {},
  documentNames: {},
  signers: {},
});

describe('requestDraftLabel', () => {
  it('prefers a value named like a name or title over the external id', () => {
    expect(requestDraftLabel(values({ amount: '12', vendor_name: '  Acme   GmbH ' }, 'vendor-20261127-x1'))).toBe('Acme GmbH');
    expect(requestDraftLabel(values({ title: 'Laptop' }, 'x-1'))).toBe('Laptop');
  });
  it('falls back to the external id, then to any text, then says nothing was filled in', () => {
    expect(requestDraftLabel(values({ amount: 12 }, 'purchase-1'))).toBe('purchase-1');
    expect(requestDraftLabel(values({ note: 'urgent', flag: true }))).toBe('urgent');
    expect(requestDraftLabel(values({ flag: true, list: ['a'] }))).toBe(EMPTY_REQUEST_DRAFT_LABEL);
  });
  it('cuts a long label with an ellipsis', () => {
    const label = requestDraftLabel(values({ name: 'x'.repeat(500) }));
    expect(label).toHaveLength(REQUEST_DRAFT_LABEL_MAX);
    expect(label.endsWith('…')).toBe(true);
  });
});

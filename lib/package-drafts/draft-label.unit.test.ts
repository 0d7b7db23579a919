import { describe, expect, it } from 'vitest';
import { DRAFT_LABEL_MAX, EMPTY_DRAFT_LABEL, draftLabel } from './draft-label.ts';

const signer = (slot_id: string, name = '', email = '') => ({ slot_id, name, email, phone: '' });

describe('draftLabel', () => {
  it('prefers a party named among the values over the first signer', () => {
    expect(
      draftLabel({
        sender_values: { effective_date: '2026-01-15', counterparty_name: '  Acme   Corp ' },
        signers: [signer('company_signer', 'Grace Hopper')],
        expires_in_days: '',
      }),
    ).toBe('Acme Corp');
  });

  it('falls back to the first signer with a name, then any value, then an e-mail', () => {
    const base = { sender_values: { counterparty_name: ' ' }, expires_in_days: '' };
    expect(draftLabel({ ...base, signers: [signer('a'), signer('b', 'Alan Turing')] })).toBe('Alan Turing');
    expect(
      draftLabel({ ...base, sender_values: { effective_date: '2026-01-15' }, signers: [signer('a', '', 'x@example.com')] }),
    ).toBe('2026-01-15');
    expect(draftLabel({ ...base, signers: [signer('a', '', 'x@example.com')] })).toBe('x@example.com');
  });

  it('says so when nothing is filled in, and keeps long names short', () => {
    expect(draftLabel({ sender_values: {}, signers: [], expires_in_days: '30' })).toBe(EMPTY_DRAFT_LABEL);
    const long = draftLabel({ sender_values: { client_name: 'x'.repeat(400) }, signers: [], expires_in_days: '' });
    expect(long).toHaveLength(DRAFT_LABEL_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('puts the sender’s own reference first, and skips one of spaces only', () => {
    const values = { sender_values: { client_name: 'Initech' }, signers: [], expires_in_days: '' };
    expect(draftLabel({ ...values, reference: '  PO   4471 ' })).toBe('PO 4471');
    expect(draftLabel({ ...values, reference: '   ' })).toBe('Initech');
  });
});

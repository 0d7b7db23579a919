import { describe, expect, it } from 'vitest';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { changedFields, resumeValues, sameValues } from './draft-model';
import { blankValues } from '@/lib/packages/send-form';

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
    { key: 'effective_date', label: 'Effective date', type: 'date', required: true },
  ],
};

describe('resumeValues', () => {
  it("fits a saved draft to the template's fields and slots, in the template's order", () => {
    const resumed = resumeValues(template, {
      sender_values: { counterparty_name: 'Acme', retired_field: 'x' },
      signers: [
        { slot_id: 'counterparty_signer', name: 'Alan', email: 'alan@example.com', phone: '+442071234567' },
        { slot_id: 'witness', name: 'Gone', email: '', phone: '' },
      ],
      expires_in_days: '21',
    });
    expect(resumed).toEqual({
      sender_values: { counterparty_name: 'Acme', effective_date: '' },
      signers: [
        { slot_id: 'company_signer', name: '', email: '', phone: '' },
        { slot_id: 'counterparty_signer', name: 'Alan', email: 'alan@example.com', phone: '+442071234567' },
      ],
      expires_in_days: '21',
      // saved before the reference existed: none
      reference: '',
    });
  });

  it('makes an empty draft the blank form', () => {
    expect(resumeValues(template, { sender_values: {}, signers: [], expires_in_days: '' })).toEqual(blankValues(template));
  });
});

describe('sameValues and changedFields', () => {
  const saved = resumeValues(template, {
    sender_values: { counterparty_name: 'Acme' },
    signers: [{ slot_id: 'company_signer', name: 'Grace', email: '', phone: '' }],
    expires_in_days: '',
  });

  it('counts every value, a space included', () => {
    expect(sameValues(saved, structuredClone(saved))).toBe(true);
    expect(sameValues(saved, blankValues(template))).toBe(false);
    const spaced = structuredClone(saved);
    spaced.signers[0]!.name = 'Grace ';
    expect(sameValues(saved, spaced)).toBe(false);
    expect(sameValues(saved, { ...saved, expires_in_days: '30' })).toBe(false);
  });

  it('names what differs as the form labels it', () => {
    const mine = structuredClone(saved);
    mine.sender_values.effective_date = '2026-01-15';
    mine.signers[1]!.email = 'alan@example.com';
    mine.expires_in_days = '30';
    expect(changedFields(template, mine, saved)).toEqual(['Effective date', 'Counterparty signatory: e-mail', 'Days to sign']);
    expect(changedFields(template, saved, saved)).toEqual([]);
  });
});

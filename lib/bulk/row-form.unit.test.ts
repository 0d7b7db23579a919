import { describe, expect, it } from 'vitest';
import type { SignTemplate } from '../catalog/schemas.ts';
import { formValuesOfRow } from './row-form.ts';

const template = {
  sender_fields: [
    { key: 'amount', type: 'number' },
    { key: 'counterparty_name', type: 'text' },
    { key: 'governing_law', type: 'text' },
  ],
  slots: [{ slot_id: 'a' }, { slot_id: 'b' }],
} as unknown as SignTemplate;

describe('formValuesOfRow', () => {
  it('gives the row back as typed text, every field and slot of the template present, blanks as empty', () => {
    expect(
      formValuesOfRow(template, {
        sender_values: { amount: 1250.5, counterparty_name: 'Acme' },
        signers: [{ slot_id: 'a', name: 'Ada', email: 'ada@example.com', phone: '+14155550101' }],
        expires_in_days: 30,
        reference: null,
      }),
    ).toEqual({
      sender_values: { amount: '1250.5', counterparty_name: 'Acme', governing_law: '' },
      signers: [
        { slot_id: 'a', name: 'Ada', email: 'ada@example.com', phone: '+14155550101' },
        { slot_id: 'b', name: '', email: '', phone: '' },
      ],
      expires_in_days: '30',
      reference: '',
    });
  });
});

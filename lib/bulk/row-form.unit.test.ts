import { describe, expect, it } from 'vitest';
import { formValuesOfRow } from './row-form.ts';

describe('formValuesOfRow', () => {
  it('gives the row back as typed text: numbers and days as strings, no reference as empty', () => {
    expect(
      formValuesOfRow({
        sender_values: { amount: 1250.5, counterparty_name: 'Acme', effective_date: '2027-01-15' },
        signers: [{ slot_id: 'a', name: 'Ada', email: 'ada@example.com', phone: '+14155550101' }],
        expires_in_days: 30,
        reference: null,
      }),
    ).toEqual({
      sender_values: { amount: '1250.5', counterparty_name: 'Acme', effective_date: '2027-01-15' },
      signers: [{ slot_id: 'a', name: 'Ada', email: 'ada@example.com', phone: '+14155550101' }],
      expires_in_days: '30',
      reference: '',
    });
  });
});

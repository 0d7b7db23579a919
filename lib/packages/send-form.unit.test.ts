import { describe, expect, it } from 'vitest';
import { blankValues, sendFieldOf, sendFormSchema, toPreviewInput, type SendFormValues } from './send-form.ts';
import { ndaTemplate as nda } from './nda-template.test-fixture.ts';

const filled = (patch: Partial<SendFormValues> = {}): SendFormValues => ({
  sender_values: { counterparty_name: ' Acme ', effective_date: '2026-01-15', fee: '' },
  signers: [
    { slot_id: 'company_signer', name: 'Grace Hopper', email: 'grace@example.com', phone: '+4915112345678' },
    { slot_id: 'counterparty_signer', name: 'Alan Turing', email: 'alan@example.com', phone: '+442071234567' },
  ],
  expires_in_days: '14',
  reference: '',
  ...patch,
});

const issuesAt = (values: SendFormValues, path: string) =>
  (sendFormSchema(nda).safeParse(values).error?.issues ?? []).filter((i) => i.path.join('.') === path).map((i) => i.message);

describe('blankValues', () => {
  it('starts every value, every signer and the expiry empty: the sender chooses how long signers have', () => {
    expect(blankValues(nda)).toEqual({
      sender_values: { counterparty_name: '', effective_date: '', fee: '' },
      signers: [
        { slot_id: 'company_signer', name: '', email: '', phone: '' },
        { slot_id: 'counterparty_signer', name: '', email: '', phone: '' },
      ],
      expires_in_days: '',
      reference: '',
    });
  });
});

describe('sendFormSchema', () => {
  it('accepts a filled form', () => {
    expect(sendFormSchema(nda).safeParse(filled()).success).toBe(true);
  });

  it('refuses a form whose expiry was never chosen, with one message on that field', () => {
    expect(issuesAt(filled({ expires_in_days: '' }), 'expires_in_days')).toEqual(['Choose how long signers have to sign']);
    expect(issuesAt(filled({ expires_in_days: '0' }), 'expires_in_days')).toEqual(['At least 1 day']);
    expect(issuesAt(filled({ expires_in_days: '2.5' }), 'expires_in_days')).toEqual(['Enter whole days, from 1 to 365']);
  });

  it('checks sender values by their type and whether they are required', () => {
    const values = filled({ sender_values: { counterparty_name: '', effective_date: '2026-02-30', fee: '12,5' } });
    expect(issuesAt(values, 'sender_values.counterparty_name')).toEqual(['Enter the counterparty name']);
    expect(issuesAt(values, 'sender_values.effective_date')).toEqual(['Enter a real date as YYYY-MM-DD, e.g. 2027-01-31']);
    expect(issuesAt(values, 'sender_values.fee')).toEqual(['Enter a number, e.g. 1250.50']);
  });
});

describe('toPreviewInput', () => {
  it('sends the chosen days as a number, trimmed values, numbers as numbers and every signer as external', () => {
    expect(
      toPreviewInput(
        nda,
        filled({ sender_values: { counterparty_name: ' Acme ', effective_date: '2026-01-15', fee: '1250.50' } }),
      ),
    ).toEqual({
      template_id: 'dst_nda',
      expires_in_days: 14,
      sender_values: { counterparty_name: 'Acme', effective_date: '2026-01-15', fee: 1250.5 },
      signers: [
        {
          slot_id: 'company_signer',
          name: 'Grace Hopper',
          email: 'grace@example.com',
          phone: '+4915112345678',
          recipient_kind: 'external',
        },
        {
          slot_id: 'counterparty_signer',
          name: 'Alan Turing',
          email: 'alan@example.com',
          phone: '+442071234567',
          recipient_kind: 'external',
        },
      ],
    });
  });

  it('leaves empty optional values out', () => {
    expect(toPreviewInput(nda, filled()).sender_values).toEqual({ counterparty_name: 'Acme', effective_date: '2026-01-15' });
  });

  it('carries the sender’s reference trimmed, and none when only spaces were typed', () => {
    expect(toPreviewInput(nda, filled({ reference: '  PO 4471 ' })).reference).toBe('PO 4471');
    expect(toPreviewInput(nda, filled({ reference: '   ' }))).not.toHaveProperty('reference');
  });
});

describe('the reference', () => {
  it('is optional and at most 120 characters', () => {
    expect(sendFormSchema(nda).safeParse(filled({ reference: '' })).success).toBe(true);
    expect(issuesAt(filled({ reference: 'x'.repeat(121) }), 'reference')).toEqual(['At most 120 characters']);
  });
});

describe('sendFieldOf', () => {
  it('names the form’s field for the API’s details, and none for what this template lacks', () => {
    const fieldOf = sendFieldOf(nda);
    const paths = [
      'signers.1.email',
      'sender_values.effective_date',
      'expires_in_days',
      'signers.5.name',
      'sender_values.unknown',
      '',
    ];
    expect(paths.map((path) => fieldOf({ path, message: 'x' }))).toEqual([
      'signers.1.email',
      'sender_values.effective_date',
      'expires_in_days',
      undefined,
      undefined,
      undefined,
    ]);
  });
});

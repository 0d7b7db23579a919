import { describe, expect, it } from 'vitest';
import { createDraftSchema } from './schemas.ts';
import { draftFromPackage } from './draft-from-package.ts';

describe('draftFromPackage', () => {
  it('copies the template, values, recipients and expiry', () => {
    const draft = draftFromPackage({
      id: 'pkg_1',
      status: 'completed',
      template_id: 'dst_nda',
      template_name: 'Mutual non-disclosure agreement',
      expires_in_days: 30,
      sender_values: { counterparty_name: 'Acme', fee: 1250.5 },
      signers: [
        {
          slot_id: 'company_signer',
          label: 'Company',
          name: 'Grace',
          email: 'grace@example.com',
          phone: '+4915112345678',
          status: 'signed',
        },
        { slot_id: 'counterparty_signer', name: 'Alan' },
      ],
    });
    expect(draft).toEqual({
      template_id: 'dst_nda',
      template_name: 'Mutual non-disclosure agreement',
      source_package_id: 'pkg_1',
      values: {
        sender_values: { counterparty_name: 'Acme', fee: '1250.5' },
        signers: [
          { slot_id: 'company_signer', name: 'Grace', email: 'grace@example.com', phone: '+4915112345678' },
          { slot_id: 'counterparty_signer', name: 'Alan', email: '', phone: '' },
        ],
        expires_in_days: '30',
      },
    });
    // What it builds is what the create route accepts.
    expect(createDraftSchema.safeParse(draft).success).toBe(true);
  });

  it('needs the template, and leaves out recipients it cannot place', () => {
    expect(draftFromPackage({ id: 'pkg_2', status: 'queued', signers: [] })).toBeNull();
    const draft = draftFromPackage({ id: 'pkg_3', status: 'queued', template_id: 'dst_nda', signers: [{ name: 'Nobody' }] });
    expect(draft?.values.signers).toEqual([]);
    expect(draft?.values.sender_values).toEqual({});
    expect(draft).not.toHaveProperty('template_name');
  });
});

import type { SignTemplate } from '../catalog/schemas.ts';

/** The demo NDA as the send form and the bulk rows see it, plus an optional number field (for the unit tests). */
export const ndaTemplate: SignTemplate = {
  id: 'dst_nda',
  name: 'Mutual NDA (2026)',
  description: '',
  versions: [],
  slots: [
    { slot_id: 'company_signer', label: 'Company signatory', recipient_kind: 'external' },
    { slot_id: 'counterparty_signer', label: 'Counterparty signatory', recipient_kind: 'external' },
  ],
  sender_fields: [
    { key: 'counterparty_name', label: 'Counterparty name', type: 'text', required: true },
    { key: 'effective_date', label: 'Effective date', type: 'date', required: true },
    { key: 'fee', label: 'Fee', type: 'number', required: false },
  ],
};

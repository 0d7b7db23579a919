import type { Rect, SenderField, SignerSlot } from '../domain/catalog.ts';

export interface SignTemplateSeed {
  id: string;
  name: string;
  description: string;
  api_enabled: boolean;
  pages: number;
  /** version numbers to generate; the last is current */
  versions: number[];
  slots: (SignerSlot & { page: number; rect: Rect })[];
  sender_fields: SenderField[];
}

const field = (
  key: string,
  label: string,
  type: SenderField['type'],
  required: boolean,
  page: number,
  y: number,
): SenderField => ({
  key,
  label,
  type,
  required,
  page,
  rect: { x: 220, y, width: 300, height: 18 },
});

/**
 * A template whose signature boxes sit on its last page, one row per slot (`[slot_id, label]`),
 * each for an external signer; enabled for API use unless it says otherwise.
 */
function template(
  t: Omit<SignTemplateSeed, 'api_enabled' | 'slots'> & { api_enabled?: boolean; slots: [string, string][] },
): SignTemplateSeed {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    api_enabled: t.api_enabled ?? true,
    pages: t.pages,
    versions: t.versions,
    slots: t.slots.map(([slot_id, label], i) => ({
      slot_id,
      label,
      recipient_kind: 'external' as const,
      page: t.pages,
      rect: { x: 72, y: 520 - i * 110, width: 240, height: 60 },
    })),
    sender_fields: t.sender_fields,
  };
}

export const SIGN_TEMPLATE_SEEDS: SignTemplateSeed[] = [
  template({
    id: 'dst_nda',
    name: 'Mutual non-disclosure agreement',
    description: 'Two-way NDA for early commercial discussions.',
    pages: 3,
    versions: [1, 2],
    slots: [
      ['company_signer', 'Company signatory'],
      ['counterparty_signer', 'Counterparty signatory'],
    ],
    sender_fields: [
      field('counterparty_name', 'Counterparty name', 'text', true, 1, 600),
      field('effective_date', 'Effective date', 'date', true, 1, 570),
      field('governing_law', 'Governing law', 'text', false, 1, 540),
    ],
  }),
  template({
    id: 'dst_offer',
    name: 'Offer letter',
    description: 'Employment offer for a new hire.',
    pages: 4,
    versions: [1],
    slots: [['candidate', 'Candidate']],
    sender_fields: [
      field('candidate_name', 'Candidate name', 'text', true, 1, 600),
      field('position', 'Position', 'text', true, 1, 570),
      field('start_date', 'Start date', 'date', true, 1, 540),
      field('annual_salary', 'Annual salary', 'number', true, 2, 600),
    ],
  }),
  template({
    id: 'dst_msa',
    name: 'Master services agreement',
    description: 'Framework agreement for professional services (10 pages).',
    pages: 10,
    versions: [1, 2],
    slots: [
      ['client_signer', 'Client signatory'],
      ['provider_signer', 'Provider signatory'],
    ],
    sender_fields: [
      field('client_name', 'Client name', 'text', true, 1, 600),
      field('effective_date', 'Effective date', 'date', true, 1, 570),
      field('monthly_fee', 'Monthly fee', 'number', false, 4, 600),
    ],
  }),
  template({
    id: 'dst_handbook',
    name: 'Employee handbook acknowledgement',
    description: 'The full employee handbook (200 pages) with an acknowledgement page.',
    pages: 200,
    versions: [1],
    slots: [['employee', 'Employee']],
    sender_fields: [
      field('employee_name', 'Employee name', 'text', true, 1, 600),
      field('department', 'Department', 'text', false, 1, 570),
    ],
  }),
  template({
    id: 'dst_board',
    name: 'Board resolution',
    description: 'Not enabled for API use: previews and sends are refused.',
    api_enabled: false,
    pages: 2,
    versions: [1],
    slots: [['chair', 'Chair of the board']],
    sender_fields: [field('resolution_title', 'Resolution title', 'text', true, 1, 600)],
  }),
];

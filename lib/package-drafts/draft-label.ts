import type { DraftValues } from './schemas.ts';

export const DRAFT_LABEL_MAX = 120;
export const EMPTY_DRAFT_LABEL = 'Nothing filled in yet';

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

// A value named like a name (counterparty_name, client_name) tells one draft of a template
// from another better than the first signer, who is usually the sender's own signatory.
const NAMED = /(^|_)name$/i;

/**
 * What the drafts list shows beside the template: the sender's own reference, else a party's
 * name among the values, else the first signer named, else any value or e-mail typed, so a
 * half-filled draft is still found.
 */
export function draftLabel(values: DraftValues): string {
  const entries = Object.entries(values.sender_values).map(([k, v]) => [k, clean(v)] as const);
  const candidates = [
    clean(values.reference ?? ''),
    ...entries.filter(([k, v]) => NAMED.test(k) && v).map(([, v]) => v),
    ...values.signers.map((s) => clean(s.name)).filter(Boolean),
    ...entries.map(([, v]) => v).filter(Boolean),
    ...values.signers.map((s) => clean(s.email)).filter(Boolean),
  ];
  const label = candidates.find(Boolean) ?? EMPTY_DRAFT_LABEL;
  return label.length > DRAFT_LABEL_MAX ? `${label.slice(0, DRAFT_LABEL_MAX - 1)}…` : label;
}

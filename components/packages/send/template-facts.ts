import type { SignTemplate } from '@/lib/catalog/schemas';

// What a sender needs to know about a template before choosing it: whether it can be used at
// all, and who signs it (the designed slots, each with its recipient kind when the API says).

type Slot = SignTemplate['slots'][number];

/** Why a template cannot be chosen, or null when it can. */
export function unavailableReason(t: SignTemplate): string | null {
  if (t.api_enabled === false) return 'Not enabled for API use: an administrator must allow it in the platform UI.';
  if (t.status === 'archived') return 'Archived: it accepts no new packages.';
  return null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A recipient kind as words ("external"); the spec names only `external`, others are shown as sent. */
export function recipientKind(kind: string | undefined): string | null {
  const k = kind?.trim();
  return k ? k.replace(/_/g, ' ').toLowerCase() : null;
}

/**
 * The signers a template asks for: "2 external signers: Company signatory, Counterparty
 * signatory". One kind shared by every slot is said once; mixed kinds go with each label.
 */
export function describeSlots(slots: Slot[]): string {
  if (slots.length === 0) return 'No signer slots';
  const kinds = slots.map((s) => recipientKind(s.recipient_kind));
  const labels = slots.map((s) => s.label);
  const shared = kinds.every((k) => k === kinds[0]) ? kinds[0] : undefined;
  if (shared !== undefined) return `${plural(slots.length, shared ? `${shared} signer` : 'signer')}: ${labels.join(', ')}`;
  const each = labels.map((label, i) => (kinds[i] ? `${label} (${kinds[i]})` : `${label} (kind not stated)`));
  return `${plural(slots.length, 'signer')}: ${each.join(', ')}`;
}

/** "3 values · 3 pages": what the sender fills in and how long the document is. */
export function describeContents(t: SignTemplate): string {
  const parts = [plural(t.sender_fields.length, 'value')];
  if (t.page_count) parts.push(plural(t.page_count, 'page'));
  return parts.join(' · ');
}

import type { SignTemplate } from '@/lib/catalog/schemas';
import type { DraftValues, PackageDraft } from '@/lib/package-drafts/schemas';
import type { SendFormValues } from '@/lib/packages/send-form';

// The send form against a saved draft: a draft is resumed into the template's current shape,
// and the form counts as unsaved whenever it holds anything other than what is saved.

/**
 * A saved draft in the form's shape for this template: one value per sender field and one
 * signer per slot, in the template's order. Values for fields or slots the template no
 * longer has are dropped; new ones start empty.
 */
export function resumeValues(template: SignTemplate, values: DraftValues): SendFormValues {
  return {
    sender_values: Object.fromEntries(template.sender_fields.map((f) => [f.key, values.sender_values[f.key] ?? ''])),
    signers: template.slots.map((slot) => {
      const s = values.signers.find((x) => x.slot_id === slot.slot_id);
      return { slot_id: slot.slot_id, name: s?.name ?? '', email: s?.email ?? '', phone: s?.phone ?? '' };
    }),
    expires_in_days: values.expires_in_days,
    reference: values.reference ?? '',
  };
}

/** Exactly the same input, value by value (a space typed is a change). */
export function sameValues(a: SendFormValues, b: SendFormValues): boolean {
  const keys = new Set([...Object.keys(a.sender_values), ...Object.keys(b.sender_values)]);
  for (const k of keys) if ((a.sender_values[k] ?? '') !== (b.sender_values[k] ?? '')) return false;
  if (a.signers.length !== b.signers.length || a.expires_in_days !== b.expires_in_days || a.reference !== b.reference)
    return false;
  return a.signers.every((s, i) => {
    const t = b.signers[i]!;
    return s.slot_id === t.slot_id && s.name === t.name && s.email === t.email && s.phone === t.phone;
  });
}

const SIGNER_FIELDS = [
  ['name', 'name'],
  ['email', 'e-mail'],
  ['phone', 'phone'],
] as const;

/** What differs between two inputs of one template, named as the form labels it. */
export function changedFields(template: SignTemplate, mine: SendFormValues, theirs: SendFormValues): string[] {
  const changed: string[] = [];
  for (const f of template.sender_fields) {
    if ((mine.sender_values[f.key] ?? '') !== (theirs.sender_values[f.key] ?? '')) changed.push(f.label);
  }
  template.slots.forEach((slot, i) => {
    for (const [key, word] of SIGNER_FIELDS) {
      if ((mine.signers[i]?.[key] ?? '') !== (theirs.signers[i]?.[key] ?? '')) changed.push(`${slot.label}: ${word}`);
    }
  });
  if (mine.expires_in_days !== theirs.expires_in_days) changed.push('Days to sign');
  if (mine.reference !== theirs.reference) changed.push('Your reference');
  return changed;
}

/** What differs in a draft as saved elsewhere (another tab), in a sentence naming the form's labels. */
export function draftDifference(template: SignTemplate, mine: SendFormValues, theirs: PackageDraft): string {
  if (theirs.template_id !== template.id) return `It now uses another template: ${theirs.template_name ?? theirs.template_id}.`;
  const changed = changedFields(template, mine, resumeValues(template, theirs.values));
  return changed.length > 0 ? `Different there: ${changed.join(', ')}.` : 'Its values are the same as the ones here.';
}

import type { Recipient } from '@/lib/recipients/schemas';

// Which book entry a signer's fields name, and what of it goes into them: kept apart from React
// so the single send form and the bulk row editor decide alike, and the rule is tested alone.

/** A signer's three fields as typed. */
export interface SignerContact {
  name: string;
  email: string;
  phone: string;
}

/**
 * The entry the signer is: the one with the typed address (any case); with no address typed,
 * the only one with the typed name (any case). Two entries of that name are no match: the
 * address decides which.
 */
export function matchRecipient(
  recipients: readonly Recipient[],
  signer: Pick<SignerContact, 'name' | 'email'>,
): Recipient | null {
  const address = signer.email.trim().toLowerCase();
  if (address) return recipients.find((r) => r.email.toLowerCase() === address) ?? null;
  const name = signer.name.trim().toLowerCase();
  if (!name) return null;
  const named = recipients.filter((r) => r.name.toLowerCase() === name);
  return named.length === 1 ? named[0]! : null;
}

/** What the entry gives the signer: only the fields still empty, never over what the sender typed. */
export function fillFromBook(signer: SignerContact, entry: Recipient): Partial<SignerContact> {
  const fill: Partial<SignerContact> = {};
  if (!signer.name.trim()) fill.name = entry.name;
  if (!signer.email.trim()) fill.email = entry.email;
  if (!signer.phone.trim() && entry.phone) fill.phone = entry.phone;
  return fill;
}

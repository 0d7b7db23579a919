'use client';

import type { SignerContact } from './fill-from-book';
import { RecipientOptions } from './recipient-options';
import { useFillFromBook, useRecipientSuggestions } from './use-recipient-suggestions';

export interface RecipientSuggestionsProps {
  /** the signer's fields as typed now */
  signer: SignerContact;
  /** the ids the name and e-mail inputs name in their `list` attribute */
  listIds: { name: string; email: string };
  /** empty fields to set: the entry the signer's address (or only name) names */
  onFill(fill: Partial<SignerContact>): void;
  enabled?: boolean;
}

/**
 * The recipient book on one signer's fields: suggestions for its name and e-mail inputs, and
 * the empty fields filled once they name an entry. Renders only the two datalists; the inputs
 * stay the caller's (the send form's, a bulk row's).
 */
export function RecipientSuggestions({ signer, listIds, onFill, enabled = true }: RecipientSuggestionsProps) {
  const { recipients, match } = useRecipientSuggestions(signer, { enabled });
  useFillFromBook(signer, match, onFill);
  return (
    <>
      <RecipientOptions id={listIds.name} recipients={recipients} field="name" />
      <RecipientOptions id={listIds.email} recipients={recipients} field="email" />
    </>
  );
}

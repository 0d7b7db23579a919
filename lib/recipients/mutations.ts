'use client';

import type { FieldValues } from 'react-hook-form';
import { ConsoleApiError } from '../api-error.ts';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';
import { RECIPIENT_NOT_FOUND } from './codes.ts';
import { deleteRecipient, importRecipients, recipientKeys, updateRecipient } from './queries.ts';
import type { Recipient, RecipientImportInput, RecipientImportResult, RecipientUpdate } from './schemas.ts';

// Every write reads the whole book again, suggestions included: an edit, a deletion or an
// import changes what every signer field offers.

export interface RecipientEdit {
  id: string;
  input: RecipientUpdate;
}

/** Saves an entry over the version the page showed; a 409 (changed since) reaches the form with what it holds now. */
export function useUpdateRecipient<F extends FieldValues = FieldValues>(
  handlers: KeyedMutationHandlers<RecipientEdit, Recipient, F> = {},
) {
  return useKeyedMutation({
    scope: 'rcp-edit',
    request: ({ id, input }: RecipientEdit, { idempotencyKey }) => updateRecipient(id, input, idempotencyKey),
    invalidates: [recipientKeys.all],
    ...handlers,
  });
}

/** Deletes an entry as the page showed it; one already gone (deleted by someone else) counts as deleted. */
export function useDeleteRecipient(handlers: KeyedMutationHandlers<Recipient, { deleted: string }> = {}) {
  return useKeyedMutation({
    scope: 'rcp-del',
    request: async (recipient: Recipient, { idempotencyKey }) => {
      try {
        return await deleteRecipient(recipient.id, recipient.version, idempotencyKey);
      } catch (err) {
        if (err instanceof ConsoleApiError && err.code === RECIPIENT_NOT_FOUND) return { deleted: recipient.id };
        throw err;
      }
    },
    fingerprint: (recipient) => `${recipient.id}@${recipient.version}`,
    invalidates: [recipientKeys.all],
    ...handlers,
  });
}

/** Imports a CSV, all or none; the refusal's details name each problem by row and column. */
export function useImportRecipients(handlers: KeyedMutationHandlers<RecipientImportInput, RecipientImportResult> = {}) {
  return useKeyedMutation({
    scope: 'rcp-import',
    request: (input: RecipientImportInput, { idempotencyKey }) => importRecipients(input, idempotencyKey),
    // The text, what it overwrites and the book it goes into are the intent: the same again is the same import.
    fingerprint: (input) => JSON.stringify([input.csv, input.overwrite ?? [], input.team_id ?? null]),
    invalidates: [recipientKeys.all],
    ...handlers,
  });
}

'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleApiError } from '@/lib/api-error';
import { createPackageDraft, deletePackageDraft, draftKeys, updatePackageDraft } from '@/lib/queries/package-drafts';
import { DRAFT_NOT_FOUND, type CreateDraftInput, type UpdateDraftInput } from '@/lib/schemas/package-drafts';
import { isUnsettled, useIntentKey } from '../../ui/use-intent-key';

// Draft writes. Only the lists are refreshed after them: a draft being edited is held by its
// form, which a re-read of the draft itself must not overwrite.

/**
 * Creates a draft under one key per intent (DESIGN.md section 6): the same body sent again
 * after an unclear failure (a double click, a lost answer) carries the same key and so
 * answers the same draft instead of making a second one.
 */
export function useCreateDraft() {
  const client = useQueryClient();
  const intent = useIntentKey('draft');
  return useMutation({
    mutationFn: async (input: CreateDraftInput) => {
      const key = intent.take(JSON.stringify(input));
      try {
        const draft = await createPackageDraft(input, key);
        intent.settle();
        return draft;
      } catch (err) {
        if (!isUnsettled(err)) intent.settle();
        throw err;
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: draftKeys.lists }),
  });
}

/** Saves over a draft at the version it was read at; a 409 reaches the caller, never a silent overwrite. */
export function useUpdateDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateDraftInput }) => updatePackageDraft(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: draftKeys.lists }),
  });
}

/** Deletes a draft; one already gone (sent or deleted in another tab) counts as deleted. */
export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await deletePackageDraft(id);
      } catch (err) {
        if (!(err instanceof ConsoleApiError && err.code === DRAFT_NOT_FOUND)) throw err;
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: draftKeys.lists }),
  });
}

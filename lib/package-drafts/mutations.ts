'use client';

import { ConsoleApiError } from '@/lib/api-error';
import { createPackageDraft, deletePackageDraft, draftKeys, updatePackageDraft } from '@/lib/package-drafts/queries';
import { DRAFT_NOT_FOUND } from '@/lib/package-drafts/draft-codes';
import type { CreateDraftInput, UpdateDraftInput } from '@/lib/package-drafts/schemas';
import { useKeyedMutation } from '../use-keyed-mutation';

// Draft writes. Only the lists are refreshed after them: a draft being edited is held by its
// form, which a re-read of the draft itself must not overwrite.

/**
 * Creates a draft under one key per intent (DESIGN.md section 6): the same body sent again
 * after an unclear failure (a double click, a lost answer) carries the same key and so
 * answers the same draft instead of making a second one.
 */
export function useCreateDraft() {
  return useKeyedMutation({
    scope: 'draft',
    request: (input: CreateDraftInput, { idempotencyKey }) => createPackageDraft(input, idempotencyKey),
    invalidates: [draftKeys.lists],
  });
}

/**
 * Saves over a draft at the version it was read at; a 409 reaches the caller, never a silent
 * overwrite. The version, not a key, makes a repeat harmless, so the route takes none.
 */
export function useUpdateDraft() {
  return useKeyedMutation({
    scope: 'draft-update',
    request: ({ id, input }: { id: string; input: UpdateDraftInput }) => updatePackageDraft(id, input),
    invalidates: [draftKeys.lists],
  });
}

/** Deletes a draft; one already gone (sent or deleted in another tab) counts as deleted. */
export function useDeleteDraft() {
  return useKeyedMutation({
    scope: 'draft-delete',
    request: async (id: string) => {
      try {
        await deletePackageDraft(id);
      } catch (err) {
        if (!(err instanceof ConsoleApiError && err.code === DRAFT_NOT_FOUND)) throw err;
      }
    },
    invalidates: [draftKeys.lists],
  });
}

'use client';

import { ConsoleApiError } from '@/lib/api-error';
import { DRAFT_NOT_FOUND } from './draft-codes';
import type { DraftLike, DraftLister, DraftResource } from './draft-api';
import { useKeyedMutation } from '../use-keyed-mutation';

// Draft writes, for any kind of draft. Only the lists are refreshed after them: a draft being
// edited is held by its form, which a re-read of the draft itself must not overwrite.

/**
 * Creates a draft under one key per intent (DESIGN.md section 6): the same body sent again
 * after an unclear failure (a double click, a lost answer) carries the same key and so
 * answers the same draft instead of making a second one.
 */
export function useCreateDraft<S extends DraftLike, D extends S, C, U>(resource: DraftResource<S, D, C, U>) {
  return useKeyedMutation({
    scope: resource.scope,
    request: (input: C, { idempotencyKey }) => resource.create(input, idempotencyKey),
    invalidates: [resource.keys.lists],
  });
}

/**
 * Saves over a draft at the version it was read at; a 409 reaches the caller, never a silent
 * overwrite. The version, not a key, makes a repeat harmless, so the route takes none.
 */
export function useUpdateDraft<S extends DraftLike, D extends S, C, U>(resource: DraftResource<S, D, C, U>) {
  return useKeyedMutation({
    scope: `${resource.scope}-update`,
    request: ({ id, input }: { id: string; input: U }) => resource.update(id, input),
    invalidates: [resource.keys.lists],
  });
}

/** Deletes a draft; one already gone (sent, submitted or deleted in another tab) counts as deleted. */
export function useDeleteDraft<S extends DraftLike>(resource: DraftLister<S>) {
  return useKeyedMutation({
    scope: `${resource.scope}-delete`,
    request: async (id: string) => {
      try {
        await resource.remove(id);
      } catch (err) {
        if (!(err instanceof ConsoleApiError && err.code === DRAFT_NOT_FOUND)) throw err;
      }
    },
    invalidates: [resource.keys.lists],
  });
}

'use client';

import { homeKeys } from '../home/queries';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation';
import { deleteView, saveView, savedViewKeys } from './queries';
import type { SavedView, SaveViewInput } from './schemas';

// A saved view shows on home, so both writes read home again with the views.

export function useSaveView(handlers: KeyedMutationHandlers<SaveViewInput, SavedView> = {}) {
  return useKeyedMutation({
    scope: 'view-save',
    request: (input: SaveViewInput, { idempotencyKey }) => saveView(input, idempotencyKey),
    invalidates: [savedViewKeys.all, homeKeys.all],
    ...handlers,
  });
}

export function useDeleteView(handlers: KeyedMutationHandlers<{ id: string }, { deleted: string }> = {}) {
  return useKeyedMutation({
    scope: 'view-del',
    request: ({ id }: { id: string }, { idempotencyKey }) => deleteView(id, idempotencyKey),
    invalidates: [savedViewKeys.all, homeKeys.all],
    ...handlers,
  });
}

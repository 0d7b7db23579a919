'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteDocument, documentKeys } from '@/lib/documents/queries';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation';

type DeleteInput = { id: string; reason: string };

/**
 * Deletes a document with a reason under one key per deletion (the same id and reason retried
 * after a lost answer reuse it). Lists refresh afterwards; after any other answer every view
 * does, so a document found protected shows as such.
 */
export function useDeleteDocument(handlers: KeyedMutationHandlers<DeleteInput, { id: string; deleted: boolean }> = {}) {
  return useKeyedMutation({
    scope: 'doc-del',
    request: ({ id, reason }: DeleteInput, { idempotencyKey }) => deleteDocument(id, reason, idempotencyKey),
    // The deleted document's own view is only marked stale: refetching it would flash a 404
    // while its page navigates away.
    invalidates: ({ input, outcome }) =>
      outcome === 'done'
        ? [{ queryKey: documentKeys.item(input.id), refetchType: 'none' }, { queryKey: ['documents', 'list'] }]
        : [{ queryKey: documentKeys.all }],
    ...handlers,
  });
}

/**
 * After an upload went through: every documents view is read again. Answers when the reads are
 * back, so the upload panel can say it is still refreshing the list.
 */
export function useRefreshDocuments() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: documentKeys.all }), [client]);
}

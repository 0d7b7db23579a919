'use client';

import { documentKeys } from '../documents/queries.ts';
import type { EditorCommand } from '../documents/schemas.ts';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';
import { sendEditorCommand, type EditorSnapshot } from './queries.ts';

/**
 * SAVE_LAYOUT or COMPLETE for one document's editor session. The command body is also what
 * makes two clicks the same intent (the hook's default fingerprint). The editor's own state is
 * the cache, so a save reads nothing again; a completion changes the document's layout status,
 * which its page (the next steps) and the lists that pick completed layouts read.
 */
export function useEditorCommand(documentId: string, handlers: KeyedMutationHandlers<EditorCommand, EditorSnapshot> = {}) {
  return useKeyedMutation({
    scope: 'editor',
    request: (body: EditorCommand, { idempotencyKey }) => sendEditorCommand(documentId, body, idempotencyKey),
    invalidates: ({ input, outcome }) =>
      input.type === 'COMPLETE' && outcome === 'done'
        ? [{ queryKey: documentKeys.item(documentId) }, { queryKey: [...documentKeys.all, 'list'] }]
        : [],
    ...handlers,
  });
}

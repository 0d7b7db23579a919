import { z } from 'zod';
import { editorCommandSchema } from '@/lib/documents/schemas';
import { idSchema } from '@/lib/list/schemas';
import { sendEditorCommand } from '@/server/editor/send-editor-command';
import { requireDocumentInScope } from '@/server/documents/document-uploads';
import { handler } from '@/server/http/handler';

// POST: SAVE_LAYOUT or COMPLETE with the expectedVersion last read; a stale one is a 409.
export const POST = handler(
  {
    permission: 'documents:write',
    params: z.object({ id: idSchema }),
    body: editorCommandSchema,
    idempotency: 'required',
    audit: {
      operation: 'editor.command',
      targetType: 'document',
      target: (p) => p.id,
      details: (b) => ({ type: b.type, expected_version: b.expectedVersion }),
    },
  },
  async ({ params, body, idempotencyKey }) => {
    await requireDocumentInScope(params.id);
    return sendEditorCommand({ documentId: params.id, command: body, idempotencyKey: idempotencyKey! });
  },
);

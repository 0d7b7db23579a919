import { z } from 'zod';
import { editorCommandSchema } from '@/lib/documents/schemas';
import { idSchema } from '@/lib/list/schemas';
import { withEditorSession } from '@/server/editor/editor-access';
import { handler } from '@/server/http/handler';
import { sendEditorCommand } from '@/server/signing-api/hosted-editor';

// POST: SAVE_LAYOUT or COMPLETE with the expectedVersion last read; a stale one is a 409.
export const POST = handler(
  {
    permission: 'documents:write',
    params: z.object({ id: idSchema }),
    body: editorCommandSchema,
    idempotency: 'required',
    audit: { operation: 'editor.command', targetType: 'document', target: (p) => p.id, details: (b) => ({ type: b.type, expected_version: b.expectedVersion }) },
  },
  ({ params, body, idempotencyKey }) => withEditorSession(params.id, (sid) => sendEditorCommand(sid, body, idempotencyKey!)),
);

import { z } from 'zod';
import { openEditorSchema } from '@/lib/documents/schemas';
import { idSchema } from '@/lib/list/schemas';
import { openEditor } from '@/server/editor/open-editor';
import { readEditor } from '@/server/editor/read-editor';
import { requireDocumentInScope } from '@/server/documents/document-uploads';
import { handler } from '@/server/http/handler';

const params = z.object({ id: idSchema });

// GET: the current layout, its version and the session's expiry.
export const GET = handler({ permission: 'documents:write', params }, async ({ params: p }) => {
  await requireDocumentInScope(p.id);
  return readEditor({ documentId: p.id });
});

// POST: opens a new hosted-editor session (kept on the server) and answers its state.
export const POST = handler(
  {
    permission: 'documents:write',
    params,
    body: openEditorSchema.optional().transform((b) => b ?? {}),
    audit: { operation: 'editor.open', targetType: 'document', target: (p) => p.id },
  },
  async ({ params: p, body, user }) => {
    await requireDocumentInScope(p.id);
    return openEditor({ documentId: p.id, userId: user.id, purpose: body.purpose });
  },
);

import { z } from 'zod';
import { deleteDocumentSchema } from '@/lib/schemas/documents';
import { idSchema } from '@/lib/schemas/list';
import { forgetEditorSession } from '@/server/editor-sessions';
import { handler } from '@/server/http/handler';
import { deleteDocument, getDocument } from '@/server/signing-api/documents';

const params = z.object({ id: idSchema });

// GET: one document.
export const GET = handler({ permission: 'documents:read', params }, ({ params: p }) => getDocument(p.id));

// DELETE: deletes an unused document with a reason; evidence is refused by the API (DOCUMENT_PROTECTED).
export const DELETE = handler(
  {
    permission: 'documents:write',
    params,
    body: deleteDocumentSchema,
    idempotency: 'required',
    audit: { operation: 'document.delete', targetType: 'document', target: (p) => p.id, reason: (b) => b.reason },
  },
  async ({ params: p, body, idempotencyKey }) => {
    const result = await deleteDocument(p.id, body.reason, idempotencyKey!);
    await forgetEditorSession(p.id);
    return result;
  },
);

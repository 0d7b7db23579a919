import { z } from 'zod';
import { deleteDocumentSchema } from '@/lib/documents/schemas';
import { idSchema } from '@/lib/list/schemas';
import { requireDocumentInScope } from '@/server/documents/document-uploads';
import { handler } from '@/server/http/handler';
import { deleteDocument } from '@/server/documents/delete-document';
import { readDocument } from '@/server/documents/read-document';

const params = z.object({ id: idSchema });

// GET: one document.
export const GET = handler({ permission: 'documents:read', params }, async ({ params: p }) => {
  await requireDocumentInScope(p.id);
  return readDocument({ id: p.id });
});

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
    await requireDocumentInScope(p.id);
    return deleteDocument({ documentId: p.id, reason: body.reason, idempotencyKey: idempotencyKey! });
  },
);

import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { readDocumentContent } from '@/server/documents/read-document-content';
import { requireDocumentInScope } from '@/server/documents/document-uploads';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';

// POST (not GET: it may open a viewing session on the API, and a GET could be triggered
// cross-site): the document's PDF for the viewer, read through a server-held editor session.
export const POST = handler({ permission: 'documents:read', params: z.object({ id: idSchema }) }, async ({ params, user }) => {
  await requireDocumentInScope(params.id);
  return pdfResponse(await readDocumentContent({ documentId: params.id, userId: user.id }), `${params.id}.pdf`);
});

import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { readEditorDocument } from '@/server/editor/read-editor-document';
import { requireDocumentInScope } from '@/server/documents/document-uploads';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';

// GET: the PDF being laid out, through the document's editor session.
export const GET = handler({ permission: 'documents:write', params: z.object({ id: idSchema }) }, async ({ params }) => {
  await requireDocumentInScope(params.id);
  return pdfResponse(await readEditorDocument({ documentId: params.id }), `${params.id}.pdf`);
});

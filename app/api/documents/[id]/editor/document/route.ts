import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { readEditorDocument } from '@/server/editor/read-editor-document';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';

// GET: the PDF being laid out, through the document's editor session.
export const GET = handler({ permission: 'documents:write', params: z.object({ id: idSchema }) }, async ({ params }) =>
  pdfResponse(await readEditorDocument({ documentId: params.id }), `${params.id}.pdf`),
);

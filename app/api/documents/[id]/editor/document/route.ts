import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { withEditorSession } from '@/server/editor/editor-access';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';
import { editorDocument } from '@/server/signing-api/hosted-editor';

// GET: the PDF being laid out, through the document's editor session.
export const GET = handler({ permission: 'documents:write', params: z.object({ id: idSchema }) }, async ({ params }) =>
  pdfResponse(await withEditorSession(params.id, (sid) => editorDocument(sid)), `${params.id}.pdf`),
);

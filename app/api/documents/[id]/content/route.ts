import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { withViewingSession } from '@/server/editor/editor-access';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';
import { editorDocument } from '@/server/signing-api/hosted-editor';

// POST (not GET: it may open a viewing session on the API, and a GET could be triggered
// cross-site): the document's PDF for the viewer, read through a server-held editor session.
export const POST = handler({ permission: 'documents:read', params: z.object({ id: idSchema }) }, async ({ params, user }) =>
  pdfResponse(await withViewingSession(params.id, user.id, (sid) => editorDocument(sid)), `${params.id}.pdf`),
);

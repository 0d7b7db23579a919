import { z } from 'zod';
import { idSchema } from '@/lib/schemas/list';
import { withViewingSession } from '@/server/editor-access';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';
import { editorDocument } from '@/server/signing-api/hosted-editor';

// GET: the document's PDF for the viewer, read through a server-held editor session.
export const GET = handler({ permission: 'documents:read', params: z.object({ id: idSchema }) }, async ({ params, user }) =>
  pdfResponse(await withViewingSession(params.id, user.id, (sid) => editorDocument(sid)), `${params.id}.pdf`),
);

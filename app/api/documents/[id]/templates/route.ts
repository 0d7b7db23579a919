import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { db } from '@/server/db';
import { templatesFromLayout } from '@/server/documents/templates-from-layout';
import { requireDocumentInScope } from '@/server/documents/document-uploads';
import { handler } from '@/server/http/handler';

// GET: the document-sign templates made from this document's layout, by what their publish
// answered (server/documents/templates-from-layout.ts); never guessed from a name.
export const GET = handler({ permission: 'documents:read', params: z.object({ id: idSchema }) }, async ({ params }) => {
  await requireDocumentInScope(params.id);
  return { data: await templatesFromLayout(await db(), params.id) };
});

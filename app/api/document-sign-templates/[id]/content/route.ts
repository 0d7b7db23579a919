import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';
import { templateContent } from '@/server/signing-api/catalog';

// GET: the source PDF of a template version (by template version id; default: current).
export const GET = handler(
  { permission: 'read', params: z.object({ id: idSchema }), query: z.strictObject({ version: idSchema.optional() }) },
  async ({ params, query }) => pdfResponse(await templateContent(params.id, query.version), `${params.id}-${query.version ?? 'current'}.pdf`),
);

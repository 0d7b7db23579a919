import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { readTemplateContent } from '@/server/catalog/read-template-content';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';

// GET: the source PDF of a template version (by template version id; default: current).
export const GET = handler(
  { permission: 'read', params: z.object({ id: idSchema }), query: z.strictObject({ version: idSchema.optional() }) },
  async ({ params, query }) =>
    pdfResponse(
      await readTemplateContent({ templateId: params.id, versionId: query.version }),
      `${params.id}-${query.version ?? 'current'}.pdf`,
    ),
);

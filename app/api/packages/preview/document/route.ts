import { previewDocumentInputSchema } from '@/lib/packages/schemas';
import { handler } from '@/server/http/handler';
import { pdfResponse } from '@/server/http/pdf-response';
import { getPreviewDocument } from '@/server/packages/get-preview-document';

// POST: the populated PDF of a preview, for the sender to review before sending.
export const POST = handler({ permission: 'packages:send', body: previewDocumentInputSchema }, async ({ body }) =>
  pdfResponse(await getPreviewDocument({ receipt: body }), `preview-${body.template_id}.pdf`),
);

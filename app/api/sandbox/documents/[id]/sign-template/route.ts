import { publishedSignTemplateSchema, signTemplatePublishSchema } from '@/lib/admin/sign-template-schemas';
import { handler } from '@/server/http/handler';
import { controlAs, controlIdParams } from '@/server/sandbox-control';

// POST: publishes a document's completed layout as a document-sign template allowed for the
// console's app, as a workspace administrator would in the platform's template designer
// (template authoring is not part of the API, spec section 1).
export const POST = handler(
  {
    permission: 'sandbox:control',
    params: controlIdParams,
    body: signTemplatePublishSchema,
    audit: {
      operation: 'sandbox.sign_template',
      targetType: 'document',
      target: (p) => p.id,
      details: (b, r) => ({
        with_name: b.name !== undefined,
        template_id: publishedSignTemplateSchema.safeParse(r).data?.id ?? null,
      }),
    },
  },
  ({ params, body }) =>
    controlAs(publishedSignTemplateSchema, 'POST', `/documents/${encodeURIComponent(params.id)}/sign-template`, body),
);

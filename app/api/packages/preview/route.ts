import { previewInputSchema } from '@/lib/packages/schemas';
import { handler } from '@/server/http/handler';
import { previewPackage } from '@/server/signing-api/packages';

// POST: builds a preview (frozen values, signers, expiry) and answers its receipt.
export const POST = handler(
  {
    permission: 'packages:send',
    body: previewInputSchema,
    audit: { operation: 'package.preview', targetType: 'sign_template', target: (_p, b) => b.template_id },
  },
  ({ body }) => previewPackage(body),
);

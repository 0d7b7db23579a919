import { previewInputSchema } from '@/lib/packages/schemas';
import { handler } from '@/server/http/handler';
import { previewPackage } from '@/server/packages/preview-package';

// POST: builds a preview (frozen values, signers, expiry) and answers its receipt; the
// console records what it holds, with the sender's reference, for the send to complete.
export const POST = handler(
  {
    permission: 'packages:send',
    body: previewInputSchema,
    audit: { operation: 'package.preview', targetType: 'sign_template', target: (_p, b) => b.template_id },
  },
  ({ body, user }) => previewPackage({ input: body, userId: user.id }),
);

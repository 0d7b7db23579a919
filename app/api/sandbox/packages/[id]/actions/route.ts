import { recipientActionSchema } from '@/lib/admin/schemas';
import { handler } from '@/server/http/handler';
import { control, controlIdParams } from '@/server/sandbox-control';

// POST: acts as the recipients of a package (deliver, complete, decline, expire).
export const POST = handler(
  {
    permission: 'sandbox:control',
    params: controlIdParams,
    body: recipientActionSchema,
    audit: { operation: 'sandbox.recipient_action', targetType: 'signature_package', target: (p) => p.id, details: (b) => ({ action: b.action }) },
  },
  ({ params, body }) => control('POST', `/signature-packages/${encodeURIComponent(params.id)}/actions`, body),
);

import { reviewerActionSchema } from '@/lib/admin/schemas';
import { handler } from '@/server/http/handler';
import { control, controlIdParams } from '@/server/sandbox-control';

// POST: acts as the human reviewer of an approval request (revise, approve, reject).
export const POST = handler(
  {
    permission: 'sandbox:control',
    params: controlIdParams,
    body: reviewerActionSchema,
    audit: { operation: 'sandbox.reviewer_action', targetType: 'approval_request', target: (p) => p.id, details: (b) => ({ action: b.action }) },
  },
  ({ params, body }) => control('POST', `/approval-requests/${encodeURIComponent(params.id)}/actions`, body),
);

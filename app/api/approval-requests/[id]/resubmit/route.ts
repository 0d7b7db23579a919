import { z } from 'zod';
import { revisionSchema } from '@/lib/approval-requests/schemas';
import { idSchema } from '@/lib/list/schemas';
import { resubmitApprovalRequest } from '@/server/approval-requests/resubmit-approval-request';
import { handler } from '@/server/http/handler';

// POST: resubmits the revised request, quoting the versions last read (a stale one is a 409 to re-read).
export const POST = handler(
  {
    permission: 'approvals:write',
    params: z.object({ id: idSchema }),
    body: revisionSchema,
    idempotency: 'required',
    audit: {
      operation: 'approval_request.resubmit',
      targetType: 'approval_request',
      target: (p) => p.id,
      details: (b) => ({ expected_version: b.expected_version, expected_task_version: b.expected_task_version }),
    },
  },
  ({ params, body, idempotencyKey }) => resubmitApprovalRequest({ id: params.id, input: body, idempotencyKey: idempotencyKey! }),
);

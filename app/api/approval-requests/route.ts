import { z } from 'zod';
import { submitRequestSchema } from '@/lib/approval-requests/schemas';
import { listQuerySchema } from '@/lib/list/schemas';
import { handler } from '@/server/http/handler';
import { listRequests, submitRequest } from '@/server/signing-api/approval-requests';

// GET: the app's approval requests, with q and status.
export const GET = handler(
  { permission: 'approvals:read', query: listQuerySchema.extend({ status: z.string().max(40).optional() }).strict() },
  ({ query }) => listRequests(query),
);

// POST: submits (or drafts) a request pinned to a workflow release.
export const POST = handler(
  {
    permission: 'approvals:write',
    body: submitRequestSchema,
    idempotency: 'required',
    audit: {
      operation: 'approval_request.submit',
      targetType: 'approval_request',
      target: (_p, _b, r) => (r as { id?: string } | null)?.id,
      details: (b) => ({ workflow_release_id: b.workflow_release_id, external_id: b.external_id, submit: b.submit }),
    },
  },
  ({ body, idempotencyKey }) => submitRequest(body, idempotencyKey!),
);

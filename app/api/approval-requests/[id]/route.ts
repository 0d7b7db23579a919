import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { readApprovalRequest } from '@/server/approval-requests/read-approval-request';
import { handler } from '@/server/http/handler';

// GET: one approval request with its versions, steps, SLA and decisions.
export const GET = handler({ permission: 'approvals:read', params: z.object({ id: idSchema }) }, ({ params }) =>
  readApprovalRequest({ id: params.id }),
);

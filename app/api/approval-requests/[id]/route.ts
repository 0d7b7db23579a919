import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { handler } from '@/server/http/handler';
import { getRequest } from '@/server/signing-api/approval-requests';

// GET: one approval request with its versions, steps, SLA and decisions.
export const GET = handler({ permission: 'approvals:read', params: z.object({ id: idSchema }) }, ({ params }) => getRequest(params.id));

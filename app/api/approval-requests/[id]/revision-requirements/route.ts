import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { readRevisionRequirements } from '@/server/approval-requests/read-revision-requirements';
import { handler } from '@/server/http/handler';

// GET: what the reviewer asked to change, with the versions a draft or resubmission must quote.
export const GET = handler({ permission: 'approvals:read', params: z.object({ id: idSchema }) }, ({ params }) =>
  readRevisionRequirements({ id: params.id }),
);

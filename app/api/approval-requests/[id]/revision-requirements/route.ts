import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { handler } from '@/server/http/handler';
import { revisionRequirements } from '@/server/signing-api/approval-requests';

// GET: what the reviewer asked to change, with the versions a draft or resubmission must quote.
export const GET = handler({ permission: 'approvals:read', params: z.object({ id: idSchema }) }, ({ params }) => revisionRequirements(params.id));

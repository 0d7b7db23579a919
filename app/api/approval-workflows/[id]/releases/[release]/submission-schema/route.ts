import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { handler } from '@/server/http/handler';
import { getSubmissionSchema } from '@/server/signing-api/catalog';

// GET: the submission schema of one release of a workflow.
export const GET = handler(
  { permission: 'read', params: z.object({ id: idSchema, release: z.string().regex(/^\d{1,6}$/, 'release must be a release number') }) },
  ({ params }) => getSubmissionSchema(params.id, params.release),
);

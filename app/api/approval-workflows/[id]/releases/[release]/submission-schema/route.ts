import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { readSubmissionSchema } from '@/server/catalog/read-submission-schema';
import { handler } from '@/server/http/handler';

// GET: the submission schema of one release of a workflow.
export const GET = handler(
  {
    permission: 'read',
    params: z.object({ id: idSchema, release: z.string().regex(/^\d{1,6}$/, 'release must be a release number') }),
  },
  ({ params }) => readSubmissionSchema({ workflowId: params.id, release: params.release }),
);

import { jobParamsSchema, jobRetrySchema } from '@/lib/admin/job-schemas';
import { handler } from '@/server/http/handler';
import { retryJob } from '@/server/jobs/retry-job';

// POST {queue}: a failed background job queued again, audited under the job's id.
export const POST = handler(
  {
    permission: 'jobs:admin',
    params: jobParamsSchema,
    body: jobRetrySchema,
    maxBodyBytes: 1024,
    audit: { operation: 'job.retry', targetType: 'job', target: (p) => p.id, details: (b) => ({ queue: b.queue }) },
  },
  ({ params, body }) => retryJob({ queue: body.queue, id: params.id }),
);

import { z } from 'zod';
import { JOB_QUEUE_NAMES, JOB_STATE_NAMES } from './job-labels.ts';

// What Admin → Background work's routes accept (GET /api/admin/jobs, POST /api/admin/jobs/:id/retry).

export const JOBS_LIMIT_MAX = 200;

const queueName = z.enum(JOB_QUEUE_NAMES, { message: `queue must be one of ${JOB_QUEUE_NAMES.join(', ')}` });

export const jobsQuerySchema = z.strictObject({
  state: z.enum(JOB_STATE_NAMES, { message: `state must be one of ${JOB_STATE_NAMES.join(', ')}` }).optional(),
  queue: queueName.optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(JOBS_LIMIT_MAX, `limit is at most ${JOBS_LIMIT_MAX}`)
    .default(50),
});
export type JobsQuery = z.infer<typeof jobsQuerySchema>;

// Job ids are UUIDs on both job systems; anything else names no job.
export const jobParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

export const jobRetrySchema = z.strictObject({ queue: queueName });
export type JobRetryInput = z.infer<typeof jobRetrySchema>;

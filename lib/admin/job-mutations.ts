'use client';

import { api } from '@/lib/api-client';
import { adminKeys } from './queries.ts';
import { jobKeys } from './job-queries.ts';
import type { JobQueueName } from './job-labels.ts';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';

export interface JobRetry {
  id: string;
  queue: JobQueueName;
}

/**
 * POST /api/admin/jobs/:id/retry. Retrying a job that is queued again already is refused (404),
 * so the route takes no Idempotency-Key and the request leaves the hook's key out. Audited, so
 * the audit log is read again with the jobs.
 */
export function useRetryJob(handlers: KeyedMutationHandlers<JobRetry, JobRetry & { retried: true }> = {}) {
  return useKeyedMutation({
    scope: 'job-retry',
    request: ({ id, queue }: JobRetry) =>
      api<JobRetry & { retried: true }>(`/api/admin/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST', body: { queue } }),
    invalidates: [jobKeys.all, adminKeys.audit],
    ...handlers,
  });
}

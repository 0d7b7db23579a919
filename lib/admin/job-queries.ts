import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { JobQueueName, JobStateName } from './job-labels.ts';

// Admin → Background work: the jobs and their counts, read again every 5 s while shown, since
// the work moves on by itself.

/** A job as GET /api/admin/jobs answers it (server/jobs/job-queue.ts JobView). */
export interface BackgroundJob {
  id: string;
  queue: JobQueueName;
  state: JobStateName;
  data: Record<string, unknown>;
  retries: number;
  retryLimit: number;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  startAfter: string | null;
}

export interface BackgroundJobCount {
  queue: JobQueueName;
  state: JobStateName;
  count: number;
}

export interface BackgroundWork {
  data: BackgroundJob[];
  counts: BackgroundJobCount[];
  /** pg-boss on PostgreSQL, the console's own runner on embedded SQLite */
  runner: 'pg-boss' | 'embedded';
}

export const jobKeys = {
  all: ['admin', 'jobs'] as const,
  list: (filter: { state?: JobStateName }) => ['admin', 'jobs', filter] as const,
};

export const backgroundWorkQuery = (filter: { state?: JobStateName }) =>
  queryOptions({
    queryKey: jobKeys.list(filter),
    queryFn: (ctx) => api<BackgroundWork>(`/api/admin/jobs${qs({ ...filter, limit: 100 })}`, via(ctx)),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 5_000,
  });

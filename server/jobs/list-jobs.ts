import 'server-only';
import type { JobsQuery } from '@/lib/admin/job-schemas';
import { jobQueue } from './job-queue-holder';
import type { JobCount, JobView } from './job-queue';

/** Admin → Background work: the newest jobs (filtered), every queue's counts by state, and which runner keeps them. */
export async function listJobs(
  query: JobsQuery,
): Promise<{ data: JobView[]; counts: JobCount[]; runner: 'pg-boss' | 'embedded' }> {
  const queue = await jobQueue();
  const [data, counts] = await Promise.all([queue.list(query), queue.counts()]);
  return { data, counts, runner: queue.kind };
}

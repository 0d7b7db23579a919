import 'server-only';
import { probeSigningApi } from '../signing-api/health';
import type { JobQueue } from '../jobs/job-queue';
import type { ConsoleHealth } from './admin-alerts';

// What the notify job tells admins of, read where the console already knows it: the Signing
// API's probe (shared with GET /api/health for a few seconds, so one call per run at the most)
// and the job queue's failed jobs.

/** Jobs failed for good within this long make background work "failing"; none for this long ends it. */
export const JOB_FAILURE_WINDOW_MS = 15 * 60_000;

export async function consoleHealth(queue: Pick<JobQueue, 'list'>, now = new Date()): Promise<ConsoleHealth> {
  const [api, failed] = await Promise.all([probeSigningApi(now.getTime()), queue.list({ state: 'failed', limit: 100 })]);
  const since = now.getTime() - JOB_FAILURE_WINDOW_MS;
  const failedQueues = failed.filter((j) => Date.parse(j.finishedAt ?? j.createdAt) >= since).map((j) => j.queue);
  return { api: { ok: api.ok, refused: api.refused }, failedQueues };
}

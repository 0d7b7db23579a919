import 'server-only';
import { JOB_QUEUE_LABELS, type JobQueueName } from '@/lib/admin/job-labels';
import { ConsoleError } from '../errors';
import { jobQueue } from './job-queue-holder';

/**
 * A failed (or cancelled) job queued again from its first attempt, as an admin asks. Anything
 * else (no such job in that queue, one queued, running or done, or one whose same work is
 * already waiting to retry) is refused and nothing changes.
 */
export async function retryJob({
  queue,
  id,
}: {
  queue: JobQueueName;
  id: string;
}): Promise<{ id: string; queue: JobQueueName; retried: true }> {
  const retried = await (await jobQueue()).retry(queue, id);
  if (!retried)
    throw new ConsoleError(
      404,
      'NOT_FOUND',
      `No failed job ${id} in "${JOB_QUEUE_LABELS[queue]}": only a failed or cancelled job can be retried, and this one is not (or its work is waiting to retry already).`,
    );
  return { id, queue, retried: true };
}

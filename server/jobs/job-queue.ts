import 'server-only';
import { scrub } from '../redact';
import type { BackgroundJob, BackgroundJobCount } from '@/lib/admin/job-queries';
import type { QueueName } from './queues';

// The one shape of background work both job systems give: pg-boss on PostgreSQL
// (pg-boss-queue.ts), the console's own table on embedded SQLite (sqlite-queue.ts). A job may
// run twice (its instance died mid-run, a retry): each handler's effect is made safe to repeat
// by what it writes, never by the queue.

/** What admins see of a job: queued (or waiting to retry), running, done, failed or cancelled. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'failed' | 'cancelled';
export const JOB_STATES: readonly JobState[] = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'];

export interface SendOptions {
  /** at most one job of this key queued and one running per queue; a second send is dropped */
  singletonKey?: string;
  /** with singletonKey: at most one job of this key per slot of this many seconds, across instances */
  singletonSeconds?: number;
  /** not before this many seconds from now */
  startAfterSeconds?: number;
}

export interface RunningJob {
  id: string;
  data: Record<string, unknown>;
}

export type JobHandler = (job: RunningJob) => Promise<void>;

/** A job as admins see it: the shape GET /api/admin/jobs answers (lib/admin/job-queries.ts), by the server's names. */
export type JobView = Omit<BackgroundJob, 'queue' | 'state'> & { queue: QueueName; state: JobState };

export type JobCount = Omit<BackgroundJobCount, 'queue' | 'state'> & { queue: QueueName; state: JobState };

export interface JobQueue {
  readonly kind: 'pg-boss' | 'embedded';
  /** Queues a job; null when its singleton key already has one queued (or in its slot). */
  send(queue: QueueName, data: Record<string, unknown>, options?: SendOptions): Promise<string | null>;
  /** Runs this queue's jobs in this process from now on. */
  work(queue: QueueName, handler: JobHandler): Promise<void>;
  /** Newest first. */
  list(filter: { queue?: QueueName; state?: JobState; limit: number }): Promise<JobView[]>;
  counts(): Promise<JobCount[]>;
  /**
   * Which of these singleton keys have a job of `queue` not finished (queued, waiting to retry,
   * running): a sweep that queues work again leaves those to their own retries and backoff.
   */
  pendingKeys(queue: QueueName, keys: readonly string[]): Promise<Set<string>>;
  /** A failed (or cancelled) job queued again; false when it is not one. */
  retry(queue: QueueName, id: string): Promise<boolean>;
  /** Stops taking jobs and waits for those running, up to `graceMs`. */
  stop(graceMs: number): Promise<void>;
}

/** A failure's message as kept with the job: never a stack, never a secret (see server/scrub.ts). */
export const failureMessage = (err: unknown): string =>
  scrub(err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err)).slice(0, 500);

import 'server-only';

// Every queue of the console's background work, with how its jobs are retried. One list for
// both job systems: pg-boss creates these queues at `npm run migrate` (the runtime role may not
// create tables), and the embedded runner reads the same options.

export interface QueueOptions {
  /** attempts after the first before a job is failed for an admin to see */
  retryLimit: number;
  /** seconds before the first retry; doubled at each further one when backoff is on */
  retryDelay: number;
  retryBackoff: boolean;
  /** an active job not finished in this long is taken as lost (its instance died) and retried */
  expireInSeconds: number;
  /** jobs of this queue one instance runs at once */
  concurrency: number;
}

export const QUEUES = {
  /** one reviewed bulk row sent, or its unknown outcome confirmed under its key (server/jobs/bulk-send-row.ts) */
  'bulk-send-row': { retryLimit: 30, retryDelay: 2, retryBackoff: true, expireInSeconds: 90, concurrency: 2 },
  /** finds rows that are due and not queued (after a restart, a resume, a lost job) */
  'bulk-sweep': { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 60, concurrency: 1 },
  /** one run of the watcher of what is open (server/watcher/watch-open-records.ts); a failed run waits for the next period */
  watcher: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 300, concurrency: 1 },
  /** confirms unknown send outcomes no page confirmed, under their keys (server/intents/settle-unknown-sends.ts) */
  'intent-settle': { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 300, concurrency: 1 },
  /** prunes what is past its retention (server/jobs/retention.ts) */
  retention: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 600, concurrency: 1 },
  /** turns new events into notifications (server/notifications/notify.ts); a failed run waits for the next period */
  notify: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 120, concurrency: 1 },
  /** mails the notifications due (server/notifications/mail-due.ts); each delivery keeps its own retries and backoff */
  mail: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 300, concurrency: 1 },
  /** sends each person's daily digest at their hour, once a local day (server/notifications/digest.ts); a failed run waits for the next period */
  digest: { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 300, concurrency: 1 },
} as const satisfies Record<string, QueueOptions>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export const isQueueName = (name: string): name is QueueName => Object.hasOwn(QUEUES, name);

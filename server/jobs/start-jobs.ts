import 'server-only';
import { db } from '../db';
import { env } from '../env';
import { logger } from '../logger';
import { queueDueRows } from '../bulk/due-rows';
import { sendQueuedRow } from '../bulk/send-queued-row';
import { recordBackgroundSend } from './audit-background-send';
import { jobQueue, stopJobQueue } from './job-queue-holder';
import type { JobHandler, JobQueue } from './job-queue';
import { observeJobRun } from '../metrics/observe';
import type { QueueName } from './queues';
import { pruneExpired } from './retention';
import { settleUnknownSends } from '../intents/settle-unknown-sends';
import { EVERYTHING, withScope } from '../teams/scope';
import { watchOpenRecords } from '../watcher/watch-open-records';
import { notifyEvents } from '../notifications/notify';
import { mailDue } from '../notifications/mail-due';
import { consoleHealth } from '../notifications/console-health';
import { apiNow } from '../signing-api/client/upstream-clock';
import { sendDigests } from '../notifications/digest';

// The console's background work, started once per server process (instrumentation.ts): each
// instance runs every queue's worker, and the queue (pg-boss on PostgreSQL, the embedded
// runner on SQLite) gives each job to one instance at a time. Periodic work is queued by every
// instance's timer under one key per period, so it runs once per period, not once per instance.

const FIRST_TICK_MS = 1_000;
const SWEEP_EVERY_S = 10;
const RETENTION_EVERY_S = 3600;
/** a digest goes within this long of its hour (it is due from the hour on, see local-time.ts) */
const DIGEST_EVERY_S = 60;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : -1);

/** The queue, each run of its workers counted by outcome (signdesk_background_job_runs_total). */
const countingRuns = (queue: JobQueue): Pick<JobQueue, 'work'> => ({
  work: (name: QueueName, handler: JobHandler) =>
    queue.work(name, async (job) => {
      try {
        // Background work acts for the console, not for one person: it reads across teams.
        await withScope(EVERYTHING, () => handler(job));
      } catch (err) {
        observeJobRun(name, 'failed');
        throw err;
      }
      observeJobRun(name, 'completed');
    }),
});

async function register(queue: Pick<JobQueue, 'work'>) {
  await queue.work('bulk-send-row', async (job) => {
    const batchId = text(job.data.batch_id);
    const position = int(job.data.position);
    const database = await db();
    const result = await sendQueuedRow(database, { batchId, position });
    if (result === 'sent' || result === 'lapsed' || result === 'failed')
      await recordBackgroundSend(database, { batchId, position, result });
  });
  await queue.work('bulk-sweep', async () => {
    const due = await queueDueRows(await db());
    if (due) logger().debug({ job: 'bulk-sweep', due }, 'bulk rows due queued');
  });
  await queue.work('intent-settle', async () => {
    const settled = await settleUnknownSends(await db(), env().INTENT_SETTLE_AFTER_SECONDS);
    if (settled.confirmed || settled.failed)
      logger().info({ job: 'intent-settle', ...settled }, 'unknown send outcomes confirmed under their keys');
  });
  await queue.work('retention', async () => {
    const e = env();
    const pruned = await pruneExpired(await db(), { auditDays: e.AUDIT_RETENTION_DAYS, intentDays: e.INTENT_RETENTION_DAYS });
    if (pruned.audit || pruned.intents) logger().info({ job: 'retention', ...pruned }, 'pruned what is past its retention');
  });
  await queue.work('watcher', async () => {
    const run = await watchOpenRecords({ db: await db(), maxCalls: env().WATCHER_MAX_CALLS_PER_RUN });
    logger().debug({ job: 'watcher', ...run }, 'open packages and requests read');
    // What changed is told now, not at notify's next turn: a change reaches its mail within
    // about one watcher period (bench/notify-latency.ts).
    if (run.changes > 0) await soon('notify');
  });
  await queue.work('notify', async () => {
    const e = env();
    // The probe first: it also tells the API's time, which the deadlines are read against.
    const health = await consoleHealth(await jobQueue());
    const made = await notifyEvents({
      db: await db(),
      email: Boolean(e.SMTP_URL),
      thresholds: {
        expiringHours: e.NOTIFY_EXPIRING_HOURS,
        queuedMinutes: e.NOTIFY_QUEUED_MINUTES,
        unconfirmedMinutes: e.NOTIFY_UNCONFIRMED_MINUTES,
        apiDownMinutes: e.NOTIFY_API_DOWN_MINUTES,
      },
      health,
      apiNow: apiNow(),
    });
    if (made) logger().info({ job: 'notify', made }, 'notifications made');
    if (made && e.SMTP_URL) await soon('mail');
  });
  await queue.work('mail', async () => {
    const e = env();
    const sent = await mailDue({
      db: await db(),
      retryFirstMs: e.MAIL_RETRY_FIRST_SECONDS * 1000,
      claimMs: e.MAIL_CLAIM_SECONDS * 1000,
    });
    if (sent.sent || sent.failed) logger().info({ job: 'mail', ...sent }, 'notification e-mail sent');
  });
  await queue.work('digest', async () => {
    const sent = await sendDigests({ db: await db() });
    if (sent.sent || sent.failed) logger().info({ job: 'digest', ...sent }, 'daily digests sent');
  });
}

/**
 * A run of `name` as soon as a runner is free, beside its periodic turns: one such run waits at a
 * time (its key), and a second asked for meanwhile is the same run. A failure to queue it only
 * leaves the work to the next periodic turn.
 */
async function soon(name: QueueName) {
  await (await jobQueue())
    .send(name, {}, { singletonKey: 'soon' })
    .catch((err: unknown) => logger().warn({ job: name, err }, 'background job not queued; done at its next turn'));
}

function every(queue: JobQueue, name: QueueName, seconds: number) {
  const tick = () =>
    queue
      .send(name, {}, { singletonKey: 'tick', singletonSeconds: seconds })
      .catch((err: unknown) => logger().warn({ job: name, err }, 'background job not queued; queued again at its next turn'));
  setTimeout(tick, FIRST_TICK_MS).unref();
  setInterval(tick, seconds * 1000).unref();
}

const started = globalThis as unknown as { signdeskJobs?: boolean };

/** Starts this process's background work, once; a database down at start is tried again. */
export function startJobs() {
  if (started.signdeskJobs) return;
  started.signdeskJobs = true;
  // The server's shutdown (server/edge/shutdown.ts, outside Next's bundles) finds it here.
  (globalThis as { signdeskStopJobs?: (graceMs: number) => Promise<void> }).signdeskStopJobs = stopJobQueue;
  const begin = async () => {
    const queue = await jobQueue();
    await register(countingRuns(queue));
    every(queue, 'bulk-sweep', SWEEP_EVERY_S);
    every(queue, 'retention', RETENTION_EVERY_S);
    // Looked at as often as the settle age allows, between every 5 s and every minute.
    const settle = env().INTENT_SETTLE_AFTER_SECONDS;
    if (settle > 0) every(queue, 'intent-settle', Math.min(60, Math.max(5, Math.ceil(settle / 2))));
    every(queue, 'notify', env().NOTIFY_INTERVAL_SECONDS);
    if (env().SMTP_URL) every(queue, 'mail', env().NOTIFY_INTERVAL_SECONDS);
    if (env().SMTP_URL) every(queue, 'digest', DIGEST_EVERY_S);
    if (env().WATCHER_INTERVAL_SECONDS > 0) every(queue, 'watcher', env().WATCHER_INTERVAL_SECONDS);
    logger().info({ queue: queue.kind }, 'background work started');
  };
  const attempt = () =>
    begin().catch((err: unknown) => {
      logger().warn({ err }, 'background work could not start (the database?); trying again in 10 s');
      setTimeout(attempt, 10_000).unref();
    });
  void attempt();
}

import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BackgroundJobsTable, Database } from '../db/schema';
import {
  failureMessage,
  type JobCount,
  type JobHandler,
  type JobQueue,
  type JobState,
  type JobView,
  type SendOptions,
} from './job-queue';
import { QUEUES, isQueueName, type QueueName } from './queues';

// The embedded default's job system: the console's own table in its SQLite file, run by the
// one process that owns that file. Jobs outlive the process: one that was running when the
// process died (kill -9) is retried when the next one starts, and one whose run outlasts its
// queue's expiry is taken as lost. The same definitions run on pg-boss on PostgreSQL.

const POLL_MS = 500;
const MAX_BACKOFF_S = 3600;
// Finished jobs are kept a week for admins to read, as pg-boss keeps them (deleteAfterDays):
// without it the sweep alone would add a row every 10 s, for ever.
const KEEP_FINISHED_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
type Row = Selectable<BackgroundJobsTable>;

export function retryDelaySeconds(queue: QueueName, retries: number): number {
  const o = QUEUES[queue];
  return Math.min(MAX_BACKOFF_S, o.retryBackoff ? o.retryDelay * 2 ** retries : o.retryDelay);
}

export class SqliteQueue implements JobQueue {
  readonly kind = 'embedded' as const;
  private readonly handlers = new Map<QueueName, JobHandler>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly busy = new Map<QueueName, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private polling: Promise<void> | null = null;
  private prunedAt = -Infinity;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Jobs left running by a process that is gone: this one owns the file now, so none is running. */
  async recover(): Promise<number> {
    const { numUpdatedRows } = await this.db
      .updateTable('background_jobs')
      .set({ state: 'retry', started_at: null, error: 'Its run was cut short (the console stopped); tried again.' })
      .where('state', '=', 'active')
      .executeTakeFirst();
    return Number(numUpdatedRows);
  }

  async send(queue: QueueName, data: Record<string, unknown>, options: SendOptions = {}): Promise<string | null> {
    const now = this.now();
    const id = randomUUID();
    const slot =
      options.singletonKey && options.singletonSeconds
        ? String(Math.floor(now.getTime() / 1000 / options.singletonSeconds))
        : null;
    const startAfter = new Date(now.getTime() + (options.startAfterSeconds ?? 0) * 1000).toISOString();
    const inserted = await this.db
      .insertInto('background_jobs')
      .values({
        id,
        queue,
        data: JSON.stringify(data),
        state: 'created',
        singleton_key: options.singletonKey ?? null,
        singleton_slot: slot,
        retries: 0,
        retry_limit: QUEUES[queue].retryLimit,
        start_after: startAfter,
        created_at: now.toISOString(),
        started_at: null,
        finished_at: null,
        error: null,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return null;
    this.wake();
    return id;
  }

  async work(queue: QueueName, handler: JobHandler): Promise<void> {
    this.handlers.set(queue, handler);
    this.timer ??= setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  private wake() {
    if (this.stopping || this.polling || this.handlers.size === 0) return;
    this.polling = this.poll()
      .catch(() => undefined) // the database is down: the next turn tries again
      .finally(() => {
        this.polling = null;
      });
  }

  private async poll() {
    await this.pruneFinished();
    await this.expireLost();
    for (const [queue, handler] of this.handlers) {
      const free = QUEUES[queue].concurrency - (this.busy.get(queue) ?? 0);
      if (free <= 0 || this.stopping) continue;
      for (const job of await this.take(queue, free)) this.run(queue, job, handler);
    }
  }

  /** The due jobs of a queue, marked running; a key with a job running waits its turn. */
  private take(queue: QueueName, limit: number): Promise<Row[]> {
    const now = this.now().toISOString();
    return this.db.transaction().execute(async (tx) => {
      const due = await tx
        .selectFrom('background_jobs as j')
        .selectAll('j')
        .where('j.queue', '=', queue)
        .where('j.state', 'in', ['created', 'retry'])
        .where('j.start_after', '<=', now)
        .where((eb) =>
          eb.or([
            eb('j.singleton_key', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('background_jobs as a')
                  .select('a.id')
                  .whereRef('a.queue', '=', 'j.queue')
                  .whereRef('a.singleton_key', '=', 'j.singleton_key')
                  .where('a.state', '=', 'active'),
              ),
            ),
          ]),
        )
        .orderBy('j.start_after')
        .limit(limit)
        .execute();
      const taken: Row[] = [];
      const keys = new Set<string>();
      for (const job of due) {
        if (job.singleton_key !== null && keys.has(job.singleton_key)) continue;
        if (job.singleton_key !== null) keys.add(job.singleton_key);
        await tx.updateTable('background_jobs').set({ state: 'active', started_at: now }).where('id', '=', job.id).execute();
        taken.push({ ...job, state: 'active', started_at: now });
      }
      return taken;
    });
  }

  private run(queue: QueueName, job: Row, handler: JobHandler) {
    this.busy.set(queue, (this.busy.get(queue) ?? 0) + 1);
    const done = (async () => {
      try {
        await handler({ id: job.id, data: JSON.parse(job.data) as Record<string, unknown> });
        await this.finish(job.id, { state: 'completed', error: null });
      } catch (err) {
        await this.fail(job, failureMessage(err));
      }
    })()
      .catch(() => undefined) // the database went away mid-run: the job is retried when it is back (recover, expiry)
      .finally(() => {
        this.busy.set(queue, (this.busy.get(queue) ?? 1) - 1);
        this.running.delete(job.id);
        this.wake();
      });
    this.running.set(job.id, done);
  }

  private finish(id: string, set: { state: JobState; error: string | null }) {
    return this.db
      .updateTable('background_jobs')
      .set({ ...set, finished_at: this.now().toISOString() })
      .where('id', '=', id)
      .where('state', '=', 'active')
      .execute();
  }

  /** A failed run is retried after its backoff, or failed for good past its queue's limit. */
  private async fail(job: Row, error: string) {
    if (job.retries >= job.retry_limit) return this.finish(job.id, { state: 'failed', error });
    const at = new Date(this.now().getTime() + retryDelaySeconds(job.queue as QueueName, job.retries) * 1000);
    try {
      await this.db
        .updateTable('background_jobs')
        .set({ state: 'retry', retries: job.retries + 1, start_after: at.toISOString(), started_at: null, error })
        .where('id', '=', job.id)
        .where('state', '=', 'active')
        .execute();
    } catch {
      // Its key has a retry waiting already (unique per key and state): that one does the work.
      await this.finish(job.id, { state: 'cancelled', error: `${error} (another attempt of the same work was waiting)` });
    }
  }

  /** Finished jobs past their week, at most once an hour. */
  private async pruneFinished() {
    const now = this.now().getTime();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.db
      .deleteFrom('background_jobs')
      .where('state', 'in', ['completed', 'failed', 'cancelled'])
      .where('finished_at', '<', new Date(now - KEEP_FINISHED_MS).toISOString())
      .execute();
  }

  /** A run past its queue's expiry is taken as lost: retried, as a failed run would be. */
  private async expireLost() {
    const now = this.now().getTime();
    const active = await this.db.selectFrom('background_jobs').selectAll().where('state', '=', 'active').execute();
    for (const job of active) {
      if (this.running.has(job.id) || !isQueueName(job.queue)) continue;
      const started = job.started_at ? Date.parse(job.started_at) : 0;
      if (now - started > QUEUES[job.queue].expireInSeconds * 1000)
        await this.fail(job, 'Its run took longer than its queue allows; taken as lost and tried again.');
    }
  }

  async list(filter: { queue?: QueueName; state?: JobState; limit: number }): Promise<JobView[]> {
    let q = this.db.selectFrom('background_jobs').selectAll();
    if (filter.queue) q = q.where('queue', '=', filter.queue);
    if (filter.state) q = q.where('state', '=', filter.state);
    const rows = await q.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).execute();
    return rows.filter((r) => isQueueName(r.queue)).map(toView);
  }

  async counts(): Promise<JobCount[]> {
    const rows = await this.db
      .selectFrom('background_jobs')
      .select((eb) => ['queue', 'state', eb.fn.countAll<number>().as('n')])
      .groupBy(['queue', 'state'])
      .execute();
    return rows
      .filter((r): r is typeof r & { queue: QueueName } => isQueueName(r.queue))
      .map((r) => ({ queue: r.queue, state: r.state as JobState, count: Number(r.n) }));
  }

  async pendingKeys(queue: QueueName, keys: readonly string[]) {
    const found = new Set<string>();
    // A statement's variables are capped: the keys go a slice at a time.
    for (let i = 0; i < keys.length; i += 200) {
      const rows = await this.db
        .selectFrom('background_jobs')
        .select('singleton_key')
        .distinct()
        .where('queue', '=', queue)
        .where('state', 'in', ['created', 'retry', 'active'])
        .where('singleton_key', 'in', keys.slice(i, i + 200))
        .execute();
      for (const r of rows) if (r.singleton_key) found.add(r.singleton_key);
    }
    return found;
  }

  async retry(queue: QueueName, id: string): Promise<boolean> {
    try {
      const { numUpdatedRows } = await this.db
        .updateTable('background_jobs')
        .set({ state: 'retry', retries: 0, start_after: this.now().toISOString(), finished_at: null })
        .where('id', '=', id)
        .where('queue', '=', queue)
        .where('state', 'in', ['failed', 'cancelled'])
        .executeTakeFirst();
      this.wake();
      return numUpdatedRows > 0n;
    } catch {
      return false; // the same work is queued already
    }
  }

  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.race([Promise.allSettled([...this.running.values()]), new Promise((r) => setTimeout(r, graceMs).unref())]);
  }
}

const toView = (r: Row): JobView => ({
  id: r.id,
  queue: r.queue as QueueName,
  state: r.state,
  data: JSON.parse(r.data) as Record<string, unknown>,
  retries: r.retries,
  retryLimit: r.retry_limit,
  error: r.error,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  startAfter: r.state === 'created' || r.state === 'retry' ? r.start_after : null,
});

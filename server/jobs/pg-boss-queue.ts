import 'server-only';
import PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  failureMessage,
  type JobCount,
  type JobHandler,
  type JobQueue,
  type JobState,
  type JobView,
  type SendOptions,
} from './job-queue';
import { QUEUES, QUEUE_NAMES, isQueueName, type QueueName } from './queues';

// Background work on PostgreSQL: pg-boss, a well-kept queue built on SKIP LOCKED, over the
// console's own connection pool. Each job is taken by one instance at a time; one whose
// instance died is failed by expiry and retried with backoff (pg-boss's maintenance, run by
// whichever instance gets to it). Its schema and queues are made by `npm run migrate`
// (install-pg-boss.ts): the instances' role reads and writes rows only.

export const PG_BOSS_SCHEMA = 'pgboss';
/** How often an instance may run pg-boss's maintenance (expiring lost jobs is part of it). */
const MAINTENANCE_S = 30;
const POLL_S = 1;

/** pg-boss's SQL through the console's pool (pg's Pool.query), so no second pool is opened. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export const bossDb = (pool: SqlRunner) => ({
  executeSql: (text: string, values: unknown[] = []) => pool.query(text, values) as Promise<{ rows: never[] }>,
});

export function bossOptions(pool: SqlRunner, runtime: boolean): PgBoss.ConstructorOptions {
  return {
    db: bossDb(pool),
    schema: PG_BOSS_SCHEMA,
    // The runtime role may not change the schema: it checks the version and goes on.
    migrate: !runtime,
    supervise: runtime,
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_S,
    // Finished jobs are kept a week for admins to read, then pg-boss removes them.
    deleteAfterDays: 7,
  };
}

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: Record<string, unknown> | null;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  start_after: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What a failed job's output says: pg-boss keeps the thrown error (serialized) there. */
function outputMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: { message?: unknown } };
  const m = o.message ?? o.value?.message;
  return typeof m === 'string' ? m : null;
}

export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private started: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    pool: SqlRunner,
    onError: (err: Error) => void,
  ) {
    this.boss = new PgBoss(bossOptions(pool, true));
    this.boss.on('error', onError);
  }

  private ready() {
    this.started ??= this.boss.start().catch((err: unknown) => {
      this.started = null;
      throw err;
    });
    return this.started;
  }

  async send(queue: QueueName, data: Record<string, unknown>, options: SendOptions = {}) {
    await this.ready();
    const o = QUEUES[queue];
    return this.boss.send(queue, data, {
      singletonKey: options.singletonKey,
      singletonSeconds: options.singletonSeconds,
      startAfter: options.startAfterSeconds,
      retryLimit: o.retryLimit,
      retryDelay: o.retryDelay,
      retryBackoff: o.retryBackoff,
      expireInSeconds: o.expireInSeconds,
    });
  }

  async work(queue: QueueName, handler: JobHandler) {
    await this.ready();
    // One worker per unit of concurrency, each taking one job at a time: a failed job fails alone.
    for (let i = 0; i < QUEUES[queue].concurrency; i++)
      await this.boss.work<Record<string, unknown>>(queue, { batchSize: 1, pollingIntervalSeconds: POLL_S }, async ([job]) => {
        if (!job) return;
        try {
          await handler({ id: job.id, data: job.data ?? {} });
        } catch (err) {
          // pg-boss keeps what is thrown as the job's output: the message alone, scrubbed.
          throw new Error(failureMessage(err));
        }
      });
  }

  async list(filter: { queue?: QueueName; state?: JobState; limit: number }): Promise<JobView[]> {
    const queues = filter.queue ? [filter.queue] : QUEUE_NAMES;
    const { rows } = await sql<JobRow>`
      SELECT id, name, state, data, retry_count, retry_limit, output, created_on, started_on, completed_on, start_after
        FROM ${sql.table(`${PG_BOSS_SCHEMA}.job`)}
       WHERE name = ANY(${queues}) ${filter.state ? sql`AND state = ${filter.state}` : sql``}
       ORDER BY created_on DESC, id LIMIT ${filter.limit}`.execute(this.db);
    return rows
      .filter((r) => isQueueName(r.name))
      .map((r) => ({
        id: r.id,
        queue: r.name as QueueName,
        state: r.state,
        data: r.data ?? {},
        retries: r.retry_count,
        retryLimit: r.retry_limit,
        error: r.state === 'failed' || r.state === 'retry' ? outputMessage(r.output) : null,
        createdAt: iso(r.created_on)!,
        startedAt: iso(r.started_on),
        finishedAt: iso(r.completed_on),
        startAfter: r.state === 'created' || r.state === 'retry' ? iso(r.start_after) : null,
      }));
  }

  async counts(): Promise<JobCount[]> {
    const { rows } = await sql<{ name: string; state: JobState; n: string }>`
      SELECT name, state, count(*) AS n FROM ${sql.table(`${PG_BOSS_SCHEMA}.job`)}
       WHERE name = ANY(${QUEUE_NAMES}) GROUP BY name, state`.execute(this.db);
    return rows
      .filter((r) => isQueueName(r.name))
      .map((r) => ({ queue: r.name as QueueName, state: r.state, count: Number(r.n) }));
  }

  async pendingKeys(queue: QueueName, keys: readonly string[]) {
    if (keys.length === 0) return new Set<string>();
    const { rows } = await sql<{ singleton_key: string }>`
      SELECT DISTINCT singleton_key FROM ${sql.table(`${PG_BOSS_SCHEMA}.job`)}
       WHERE name = ${queue} AND state IN ('created', 'retry', 'active') AND singleton_key = ANY(${[...keys]})`.execute(this.db);
    return new Set(rows.map((r) => r.singleton_key));
  }

  async retry(queue: QueueName, id: string) {
    await this.ready();
    const found = await this.boss.getJobById(queue, id);
    if (!found || (found.state !== 'failed' && found.state !== 'cancelled')) return false;
    if (found.state === 'cancelled') await this.boss.resume(queue, id);
    else await this.boss.retry(queue, id);
    return true;
  }

  async stop(graceMs: number) {
    if (!this.started) return;
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: Math.max(1000, graceMs) });
  }
}

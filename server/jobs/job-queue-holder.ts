import 'server-only';
import { db } from '../db';
import { pgPool } from '../db/connect';
import { logger } from '../logger';
import type { JobQueue } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';
import { SqliteQueue } from './sqlite-queue';

// One job queue per process, on globalThis: Next bundles instrumentation (which runs the jobs)
// and the route handlers (which queue them) apart, each with its own copy of this module.
const holder = globalThis as unknown as { signdeskJobQueue?: Promise<JobQueue> };

/** The process's queue: pg-boss on PostgreSQL, the embedded runner on SQLite. */
export function jobQueue(): Promise<JobQueue> {
  holder.signdeskJobQueue ??= (async () => {
    const database = await db();
    const pool = pgPool(database);
    if (pool)
      return new PgBossQueue(database, pool, (err) => logger().warn({ err }, 'background work: pg-boss reported an error'));
    const queue = new SqliteQueue(database);
    // This process owns the SQLite file: a job "running" now was cut short by the last one.
    const recovered = await queue.recover();
    if (recovered) logger().info({ recovered }, 'background work: jobs cut short by the last stop are tried again');
    return queue;
  })().catch((err: unknown) => {
    holder.signdeskJobQueue = undefined;
    throw err;
  });
  return holder.signdeskJobQueue;
}

/** Stops this process's queue (shutdown), if it was ever made. */
export async function stopJobQueue(graceMs: number) {
  const queue = await holder.signdeskJobQueue?.catch(() => undefined);
  await queue?.stop(graceMs);
}

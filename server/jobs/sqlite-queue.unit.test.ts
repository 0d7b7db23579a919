import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Insertable, Kysely } from 'kysely';
import { connect, migrate } from '../db/connect';
import type { BackgroundJobsTable, Database } from '../db/schema';
import type { RunningJob } from './job-queue';
import { QUEUES } from './queues';
import { SqliteQueue, retryDelaySeconds } from './sqlite-queue';

// The embedded job system against a real SQLite file (the console's own migrations), on a clock
// the test moves: what is due, retried, expired and recovered is decided by that clock, while
// the queue's own polling runs on real timers (500 ms), so each wait below is a short poll.

const START = new Date('2026-11-28T12:00:00.000Z');
let dir: string;
let db: Kysely<Database>;
let clock: Date;
let queue: SqliteQueue;

const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

/** Waits for `check` to hold, polling; fails with what it last saw. */
async function until<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > end) throw new Error(`not reached in ${ms} ms; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A row as another runner (or an older console) left it. */
const jobRow = (
  r: Partial<Insertable<BackgroundJobsTable>> & Pick<BackgroundJobsTable, 'id' | 'queue' | 'state'>,
): Insertable<BackgroundJobsTable> => ({
  data: '{}',
  singleton_key: null,
  singleton_slot: null,
  retries: 0,
  retry_limit: 0,
  start_after: START.toISOString(),
  created_at: START.toISOString(),
  started_at: null,
  finished_at: null,
  error: null,
  ...r,
});
const row = (id: string) => db.selectFrom('background_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobById = async (id: string) => (await queue.list({ limit: 100 })).find((j) => j.id === id);

/** A handler that holds each job until released, recording what it was given. */
function gate() {
  const seen: RunningJob[] = [];
  const releases: (() => void)[] = [];
  return {
    seen,
    handler: (job: RunningJob) =>
      new Promise<void>((resolve) => {
        seen.push(job);
        releases.push(resolve);
      }),
    releaseAll: () => releases.splice(0).forEach((r) => r()),
  };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-sqlite-queue-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
  clock = START;
  queue = new SqliteQueue(db, () => clock);
});
afterEach(async () => {
  await queue.stop(1_000);
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('send and list', () => {
  it('queues a job with its queue’s retry limit, due now, and lists it newest first with counts by state', async () => {
    const first = await queue.send('bulk-send-row', { batch_id: 'blk_1', position: 0 });
    advance(1);
    const second = await queue.send('retention', {});
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    const jobs = await queue.list({ limit: 10 });
    expect(jobs.map((j) => j.id)).toEqual([second, first]);
    expect(jobs[1]).toEqual({
      id: first,
      queue: 'bulk-send-row',
      state: 'created',
      data: { batch_id: 'blk_1', position: 0 },
      retries: 0,
      retryLimit: QUEUES['bulk-send-row'].retryLimit,
      error: null,
      createdAt: START.toISOString(),
      startedAt: null,
      finishedAt: null,
      startAfter: START.toISOString(),
    });
    expect(await queue.list({ limit: 1 })).toHaveLength(1);
    expect((await queue.list({ queue: 'retention', limit: 10 })).map((j) => j.id)).toEqual([second]);
    expect(await queue.list({ state: 'failed', limit: 10 })).toEqual([]);
    expect((await queue.counts()).sort((a, b) => a.queue.localeCompare(b.queue))).toEqual([
      { queue: 'bulk-send-row', state: 'created', count: 1 },
      { queue: 'retention', state: 'created', count: 1 },
    ]);
  });

  it('keeps a job back until startAfterSeconds have passed on its clock', async () => {
    const g = gate();
    const id = (await queue.send('bulk-send-row', { n: 1 }, { startAfterSeconds: 30 }))!;
    expect((await jobById(id))?.startAfter).toBe(new Date(START.getTime() + 30_000).toISOString());
    await queue.work('bulk-send-row', g.handler);
    await new Promise((r) => setTimeout(r, 700)); // more than one poll
    expect(g.seen).toHaveLength(0);
    advance(30);
    await until(
      async () => g.seen.length,
      (n) => n === 1,
    );
    g.releaseAll();
  });

  it('ignores rows of a queue this console no longer has', async () => {
    await queue.send('retention', {});
    await db
      .insertInto('background_jobs')
      .values(jobRow({ id: 'gone', queue: 'old-queue', state: 'failed', error: 'x' }))
      .execute();
    expect((await queue.list({ limit: 10 })).map((j) => j.queue)).toEqual(['retention']);
    expect((await queue.counts()).map((c) => c.queue)).toEqual(['retention']);
  });
});

describe('singleton keys', () => {
  it('drops a second job of a key while one is queued, and takes one again once it runs', async () => {
    expect(await queue.send('bulk-send-row', { a: 1 }, { singletonKey: 'row-1' })).not.toBeNull();
    expect(await queue.send('bulk-send-row', { a: 2 }, { singletonKey: 'row-1' })).toBeNull();
    // Another key, or the same key on another queue, is other work.
    expect(await queue.send('bulk-send-row', { a: 3 }, { singletonKey: 'row-2' })).not.toBeNull();
    expect(await queue.send('retention', {}, { singletonKey: 'row-1' })).not.toBeNull();

    const g = gate();
    await queue.work('bulk-send-row', g.handler);
    await until(
      async () => g.seen.length,
      (n) => n === 2,
    );
    // row-1 is running now: one more may wait behind it, but only one.
    expect(await queue.send('bulk-send-row', { a: 4 }, { singletonKey: 'row-1' })).not.toBeNull();
    expect(await queue.send('bulk-send-row', { a: 5 }, { singletonKey: 'row-1' })).toBeNull();
    g.releaseAll();
  });

  it('runs one job of a key at a time: the queued one waits while its twin is running', async () => {
    const g = gate();
    await queue.work('bulk-send-row', g.handler);
    await queue.send('bulk-send-row', { turn: 1 }, { singletonKey: 'k' });
    await until(
      async () => g.seen.length,
      (n) => n === 1,
    );
    await queue.send('bulk-send-row', { turn: 2 }, { singletonKey: 'k' });
    await new Promise((r) => setTimeout(r, 700));
    expect(g.seen.map((j) => j.data.turn)).toEqual([1]);
    g.releaseAll();
    await until(
      async () => g.seen.length,
      (n) => n === 2,
    );
    expect(g.seen.map((j) => j.data.turn)).toEqual([1, 2]);
    g.releaseAll();
  });

  it('pendingKeys names the keys with a job queued, waiting to retry or running, and none finished or of another queue', async () => {
    await db
      .insertInto('background_jobs')
      .values([
        jobRow({ id: 'q', queue: 'bulk-send-row', state: 'created', singleton_key: 'queued' }),
        jobRow({ id: 'r', queue: 'bulk-send-row', state: 'retry', singleton_key: 'backing-off' }),
        jobRow({ id: 'a', queue: 'bulk-send-row', state: 'active', singleton_key: 'running' }),
        jobRow({ id: 'd', queue: 'bulk-send-row', state: 'completed', singleton_key: 'done' }),
        jobRow({ id: 'f', queue: 'bulk-send-row', state: 'failed', singleton_key: 'gave-up' }),
        jobRow({ id: 'o', queue: 'retention', state: 'created', singleton_key: 'elsewhere' }),
      ])
      .execute();
    const asked = ['queued', 'backing-off', 'running', 'done', 'gave-up', 'elsewhere', 'unknown'];
    // More keys than one statement's slice, so the slicing is part of what is checked.
    const many = [...asked, ...Array.from({ length: 450 }, (_, i) => `other-${i}`)];
    expect([...(await queue.pendingKeys('bulk-send-row', many))].sort()).toEqual(['backing-off', 'queued', 'running']);
    expect(await queue.pendingKeys('bulk-send-row', [])).toEqual(new Set());
  });

  it('with singletonSeconds, runs a key once per slot even after the first has finished', async () => {
    const ran: string[] = [];
    await queue.work('bulk-sweep', async (job) => void ran.push(job.id));
    const first = (await queue.send('bulk-sweep', {}, { singletonKey: 'tick', singletonSeconds: 10 }))!;
    await until(
      async () => (await jobById(first))?.state,
      (s) => s === 'completed',
    );
    expect(await queue.send('bulk-sweep', {}, { singletonKey: 'tick', singletonSeconds: 10 })).toBeNull();
    advance(10);
    const next = await queue.send('bulk-sweep', {}, { singletonKey: 'tick', singletonSeconds: 10 });
    expect(next).not.toBeNull();
    await until(
      async () => ran.length,
      (n) => n === 2,
    );
    expect(ran).toEqual([first, next]);
  });
});

describe('running', () => {
  it('hands the handler its id and data, and marks the job done with its start and finish times', async () => {
    const g = gate();
    await queue.work('retention', g.handler);
    const id = (await queue.send('retention', { days: 3 }))!;
    await until(
      async () => g.seen.length,
      (n) => n === 1,
    );
    expect(g.seen[0]).toEqual({ id, data: { days: 3 } });
    expect(await jobById(id)).toMatchObject({ state: 'active', startedAt: START.toISOString(), startAfter: null });
    advance(5);
    g.releaseAll();
    const done = await until(
      () => jobById(id),
      (j) => j?.state === 'completed',
    );
    expect(done).toMatchObject({ startedAt: START.toISOString(), finishedAt: clock.toISOString(), error: null, retries: 0 });
  });

  it('runs no more of a queue at once than its concurrency', async () => {
    const g = gate();
    for (let i = 0; i < 5; i++) await queue.send('bulk-send-row', { i });
    await queue.work('bulk-send-row', g.handler);
    await until(
      async () => g.seen.length,
      (n) => n === QUEUES['bulk-send-row'].concurrency,
    );
    await new Promise((r) => setTimeout(r, 700));
    expect(g.seen).toHaveLength(QUEUES['bulk-send-row'].concurrency);
    expect((await queue.list({ state: 'active', limit: 10 })).length).toBe(QUEUES['bulk-send-row'].concurrency);
    // As each finishes, the next is taken, in the order they were due.
    for (let done = 2; done < 5; done++) {
      g.releaseAll();
      await until(
        async () => g.seen.length,
        (n) => n >= Math.min(5, done + 1),
      );
    }
    g.releaseAll();
    await until(
      async () => (await queue.list({ state: 'completed', limit: 10 })).length,
      (n) => n === 5,
    );
  });

  it('runs only the queues it was given a handler for', async () => {
    const id = (await queue.send('retention', {}))!;
    await queue.work('bulk-sweep', async () => undefined);
    await new Promise((r) => setTimeout(r, 700));
    expect((await jobById(id))?.state).toBe('created');
  });
});

describe('failures and retries', () => {
  it('waits its backoff after each failure, doubling, then fails for good with the reason', async () => {
    let runs = 0;
    await queue.work('retention', async () => {
      runs++;
      throw new Error(`disk full (run ${runs})`);
    });
    const id = (await queue.send('retention', {}))!;
    const { retryDelay, retryLimit } = QUEUES.retention;
    for (let attempt = 0; attempt < retryLimit; attempt++) {
      const waiting = await until(
        () => jobById(id),
        (j) => j?.state === 'retry' && j.retries === attempt + 1,
      );
      expect(waiting?.error).toBe(`disk full (run ${attempt + 1})`);
      const delay = retryDelay * 2 ** attempt;
      expect(waiting?.startAfter).toBe(new Date(clock.getTime() + delay * 1000).toISOString());
      // Not a second before its time.
      advance(delay - 1);
      await new Promise((r) => setTimeout(r, 700));
      expect(runs).toBe(attempt + 1);
      advance(1);
    }
    const failed = await until(
      () => jobById(id),
      (j) => j?.state === 'failed',
    );
    expect(runs).toBe(retryLimit + 1);
    expect(failed).toMatchObject({
      retries: retryLimit,
      retryLimit,
      error: `disk full (run ${retryLimit + 1})`,
      startAfter: null,
    });
    expect(failed?.finishedAt).toBe(clock.toISOString());
  });

  it('keeps a failure’s message, never its stack, and names a non-plain error', async () => {
    await queue.work('bulk-sweep', async () => {
      throw new TypeError('cannot read x');
    });
    const id = (await queue.send('bulk-sweep', {}))!;
    const failed = await until(
      () => jobById(id),
      (j) => j?.state === 'failed',
    );
    expect(failed?.error).toBe('TypeError: cannot read x');
    expect((await row(id)).error).not.toMatch(/\n\s+at /);
  });

  it('retryDelaySeconds: doubles with backoff, stays flat without, and never exceeds an hour', () => {
    expect(retryDelaySeconds('bulk-send-row', 0)).toBe(2);
    expect(retryDelaySeconds('bulk-send-row', 3)).toBe(16);
    expect(retryDelaySeconds('bulk-send-row', 29)).toBe(3600);
    expect(retryDelaySeconds('bulk-sweep', 5)).toBe(QUEUES['bulk-sweep'].retryDelay);
  });

  it('retry queues a failed job again from its first attempt; anything else, another queue or no such job is false', async () => {
    let fail = true;
    await queue.work('bulk-sweep', async () => {
      if (fail) throw new Error('upstream down');
    });
    const id = (await queue.send('bulk-sweep', {}))!;
    await until(
      () => jobById(id),
      (j) => j?.state === 'failed',
    );
    expect(await queue.retry('retention', id)).toBe(false);
    expect(await queue.retry('bulk-sweep', 'no-such-job')).toBe(false);
    fail = false;
    advance(60);
    expect(await queue.retry('bulk-sweep', id)).toBe(true);
    const done = await until(
      () => jobById(id),
      (j) => j?.state === 'completed',
    );
    expect(done?.retries).toBe(0);
    // A job that is done is no failed job to retry.
    expect(await queue.retry('bulk-sweep', id)).toBe(false);
  });

  it('retry refuses a failed job whose key has a retry of the same work waiting already, leaving both as they were', async () => {
    await queue.work('bulk-sweep', async () => {
      throw new Error('no');
    });
    const old = (await queue.send('bulk-sweep', {}, { singletonKey: 'k' }))!;
    await until(
      () => jobById(old),
      (j) => j?.state === 'failed',
    );
    await queue.stop(1_000);
    await db
      .insertInto('background_jobs')
      .values(jobRow({ id: 'waiting', queue: 'bulk-sweep', state: 'retry', singleton_key: 'k' }))
      .execute();
    expect(await queue.retry('bulk-sweep', old)).toBe(false);
    expect((await jobById(old))?.state).toBe('failed');
    expect((await jobById('waiting'))?.state).toBe('retry');
  });

  it('cancels a lost attempt when the same key already has a retry waiting, saying why', async () => {
    // Two attempts of one key cannot both wait to retry (the table's unique key): the later gives way.
    const g = gate();
    const frozen = new SqliteQueue(db, () => clock);
    await frozen.work('bulk-send-row', g.handler);
    const first = (await frozen.send('bulk-send-row', {}, { singletonKey: 'k' }))!;
    await until(
      async () => g.seen.length,
      (n) => n === 1,
    );
    await frozen.stop(0);
    await db
      .insertInto('background_jobs')
      .values(
        jobRow({
          id: 'waiting',
          queue: 'bulk-send-row',
          state: 'retry',
          singleton_key: 'k',
          retries: 1,
          retry_limit: 30,
          start_after: new Date(START.getTime() + 3_600_000).toISOString(),
          error: 'earlier',
        }),
      )
      .execute();
    await queue.work('bulk-send-row', async () => undefined);
    advance(QUEUES['bulk-send-row'].expireInSeconds + 1);
    const cancelled = await until(
      () => jobById(first),
      (j) => j?.state === 'cancelled',
    );
    expect(cancelled?.error).toMatch(/another attempt of the same work was waiting/);
    expect((await jobById('waiting'))?.state).toBe('retry');
    g.releaseAll();
  });
});

describe('lost runs', () => {
  it('takes a run past its queue’s expiry as lost and retries it, counting the attempt', async () => {
    const g = gate();
    const other = new SqliteQueue(db, () => clock);
    // Another runner (think: a process that froze) took the job and never finished it.
    await other.work('retention', g.handler);
    const id = (await other.send('retention', {}))!;
    await until(
      async () => g.seen.length,
      (n) => n === 1,
    );
    await other.stop(0);

    const ran: string[] = [];
    await queue.work('retention', async (job) => void ran.push(job.id));
    advance(QUEUES.retention.expireInSeconds - 1);
    await new Promise((r) => setTimeout(r, 700));
    expect((await jobById(id))?.state).toBe('active');
    advance(2);
    const retrying = await until(
      () => jobById(id),
      (j) => j?.state === 'retry',
    );
    expect(retrying).toMatchObject({ retries: 1, error: expect.stringMatching(/took longer than its queue allows/) });
    advance(retryDelaySeconds('retention', 0));
    await until(
      async () => ran.length,
      (n) => n === 1,
    );
    await until(
      () => jobById(id),
      (j) => j?.state === 'completed',
    );
    g.releaseAll();
  });

  it('never expires a run this queue itself is still running', async () => {
    const g = gate();
    await queue.work('retention', g.handler);
    const id = (await queue.send('retention', {}))!;
    await until(
      async () => g.seen.length,
      (n) => n === 1,
    );
    advance(QUEUES.retention.expireInSeconds * 10);
    await new Promise((r) => setTimeout(r, 700));
    expect((await jobById(id))?.state).toBe('active');
    g.releaseAll();
    await until(
      () => jobById(id),
      (j) => j?.state === 'completed',
    );
  });

  it('recover: jobs left running by a process that died are queued to try again, and run', async () => {
    const g = gate();
    const dead = new SqliteQueue(db, () => clock);
    await dead.work('bulk-send-row', g.handler);
    const a = (await dead.send('bulk-send-row', { a: 1 }))!;
    const b = (await dead.send('bulk-send-row', { b: 1 }))!;
    await until(
      async () => g.seen.length,
      (n) => n === 2,
    );
    await dead.stop(0); // as kill -9: the rows stay active

    expect(await queue.recover()).toBe(2);
    for (const id of [a, b])
      expect(await jobById(id)).toMatchObject({ state: 'retry', startedAt: null, error: expect.stringMatching(/cut short/) });
    expect(await queue.recover()).toBe(0);
    const ran: string[] = [];
    await queue.work('bulk-send-row', async (job) => void ran.push(job.id));
    await until(
      async () => ran.length,
      (n) => n === 2,
    );
    expect(ran.sort()).toEqual([a, b].sort());
    g.releaseAll();
  });
});

describe('keeping', () => {
  it('deletes finished jobs a week after they finished, as pg-boss does, and keeps every unfinished one', async () => {
    const daysAgo = (d: number) => new Date(START.getTime() - d * 86_400_000).toISOString();
    await db
      .insertInto('background_jobs')
      .values([
        jobRow({ id: 'done-old', queue: 'bulk-sweep', state: 'completed', finished_at: daysAgo(8), created_at: daysAgo(8) }),
        jobRow({ id: 'failed-old', queue: 'retention', state: 'failed', finished_at: daysAgo(7.5), created_at: daysAgo(9) }),
        jobRow({
          id: 'cancelled-old',
          queue: 'bulk-send-row',
          state: 'cancelled',
          finished_at: daysAgo(30),
          created_at: daysAgo(30),
        }),
        jobRow({ id: 'done-recent', queue: 'bulk-sweep', state: 'completed', finished_at: daysAgo(6), created_at: daysAgo(6) }),
        jobRow({ id: 'failed-recent', queue: 'retention', state: 'failed', finished_at: daysAgo(1), created_at: daysAgo(9) }),
        jobRow({ id: 'waiting-old', queue: 'bulk-send-row', state: 'retry', start_after: daysAgo(20), created_at: daysAgo(20) }),
      ])
      .execute();
    // The queue keeps its table as it polls; it polls once it has a handler.
    await queue.work('bulk-sweep', async () => undefined);
    const ids = async () => (await db.selectFrom('background_jobs').select('id').orderBy('id').execute()).map((r) => r.id);
    await until(ids, (left) => !left.includes('done-old'));
    expect(await ids()).toEqual(['done-recent', 'failed-recent', 'waiting-old']);
  });
});

describe('stop', () => {
  it('waits for the running jobs up to its grace, then takes no more', async () => {
    let finished = 0;
    await queue.work('retention', async () => {
      await new Promise((r) => setTimeout(r, 200));
      finished++;
    });
    await queue.send('retention', {});
    await until(
      async () => (await queue.list({ state: 'active', limit: 5 })).length,
      (n) => n === 1,
    );
    await queue.stop(5_000);
    expect(finished).toBe(1);
    const later = (await queue.send('retention', {}))!;
    await new Promise((r) => setTimeout(r, 700));
    expect((await jobById(later))?.state).toBe('created');
  });
});

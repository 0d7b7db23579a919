import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { auditOf, expectConsoleError } from './console-fixtures';

// Issue 36: Admin → Background work. The console runs on its embedded SQLite file, so the test
// writes the job history it needs straight into its table: a failed job, and a running job of
// the same key that holds the failed one back once it is retried (one run of a key at a time),
// so "queued again" can be read before the runner takes it.
let c: TestConsole;
const now = () => new Date().toISOString();

function seed(rows: Record<string, unknown>[]) {
  const file = new Database(join(c.dataDir, 'console.db'));
  try {
    const insert = file.prepare(`INSERT INTO background_jobs
      (id, queue, data, state, singleton_key, singleton_slot, retries, retry_limit, start_after, created_at, started_at, finished_at, error)
      VALUES (@id, @queue, @data, @state, @singleton_key, NULL, @retries, @retry_limit, @start_after, @created_at, @started_at, @finished_at, @error)`);
    for (const r of rows)
      insert.run({
        data: '{}',
        singleton_key: null,
        retries: 0,
        retry_limit: 2,
        start_after: now(),
        created_at: now(),
        started_at: null,
        finished_at: null,
        error: null,
        ...r,
      });
  } finally {
    file.close();
  }
}

const FAILED = '00000000-0000-4000-8000-0000000000f1';
const HOLDER = '00000000-0000-4000-8000-0000000000a1';

beforeAll(async () => {
  c = await startTestConsole();
  seed([
    { id: HOLDER, queue: 'retention', state: 'active', singleton_key: 'held', started_at: now() },
    {
      id: FAILED,
      queue: 'retention',
      state: 'failed',
      singleton_key: 'held',
      retries: 2,
      started_at: now(),
      finished_at: now(),
      error: 'disk full',
    },
  ]);
}, 120_000);
afterAll(async () => c?.close());

const list = (query = '', cookie: string | null = c.cookies.admin) => c.call('GET', `/api/admin/jobs${query}`, { cookie });
const retry = (id: string, body: unknown, cookie = c.cookies.admin, origin?: string) =>
  c.call('POST', `/api/admin/jobs/${id}/retry`, { cookie, body, origin });
const jobOf = async (id: string) => {
  const reply = await list('?limit=200');
  expect(reply.status).toBe(200);
  return (reply.body.data as { id: string }[]).find((j) => j.id === id) as Record<string, unknown> | undefined;
};

describe('GET /api/admin/jobs', () => {
  it('shows admins the jobs, newest first, with the failure reason, and every queue’s counts by state', async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(reply.body.runner).toBe('embedded');
    const failed = (reply.body.data as Record<string, unknown>[]).find((j) => j.id === FAILED);
    expect(failed).toMatchObject({
      queue: 'retention',
      state: 'failed',
      error: 'disk full',
      retries: 2,
      retryLimit: 2,
      startAfter: null,
    });
    const created = (reply.body.data as { createdAt: string }[]).map((j) => j.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(reply.body.counts).toContainEqual({ queue: 'retention', state: 'failed', count: 1 });
    expect(reply.body.counts).toContainEqual({ queue: 'retention', state: 'active', count: expect.any(Number) });
  });

  it('filters by state and queue, and keeps to the limit', async () => {
    const failed = await list('?state=failed');
    expect(failed.status).toBe(200);
    expect((failed.body.data as { id: string }[]).map((j) => j.id)).toEqual([FAILED]);
    const other = await list('?state=failed&queue=bulk-sweep');
    expect(other.body.data).toEqual([]);
    expect((await list('?limit=1')).body.data).toHaveLength(1);
  });

  it('refuses a state, queue or limit it does not know with 422 naming the parameter, and an unknown parameter', async () => {
    for (const [query, path] of [
      ['?state=stuck', 'state'],
      ['?queue=fax', 'queue'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
      ['?limit=1.5', 'limit'],
    ] as const) {
      const error = expectConsoleError(await list(query), 422, 'VALIDATION_FAILED');
      expect(
        error.details?.map((d) => d.path),
        query,
      ).toEqual([path]);
    }
    const unknown = expectConsoleError(await list('?page=2'), 422, 'VALIDATION_FAILED');
    expect(unknown.message).toMatch(/unknown field\(s\): page/);
  });

  it('is for admins only: 403 for every other role, 401 without a session', async () => {
    for (const role of ['viewer', 'operator', 'sender'] as const)
      expectConsoleError(await list('', c.cookies[role]), 403, 'FORBIDDEN');
    expectConsoleError(await list('', null), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/admin/jobs/:id/retry', () => {
  it('refuses other roles, another site and a bad body, and changes nothing', async () => {
    for (const role of ['viewer', 'operator', 'sender'] as const)
      expectConsoleError(await retry(FAILED, { queue: 'retention' }, c.cookies[role]), 403, 'FORBIDDEN');
    expectConsoleError(
      await retry(FAILED, { queue: 'retention' }, c.cookies.admin, 'https://evil.example'),
      403,
      'CROSS_SITE_REQUEST',
    );
    expectConsoleError(await retry(FAILED, { queue: 'fax' }), 422, 'VALIDATION_FAILED');
    expectConsoleError(await retry(FAILED, {}), 422, 'VALIDATION_FAILED');
    expectConsoleError(await retry(FAILED, { queue: 'retention', now: true }), 422, 'VALIDATION_FAILED');
    expect(await jobOf(FAILED)).toMatchObject({ state: 'failed', retries: 2 });
  });

  it('answers 404 for no such job, a job of another queue and one that has not failed, saying only failed jobs are retried', async () => {
    for (const [id, queue] of [
      ['00000000-0000-4000-8000-00000000dead', 'retention'],
      [FAILED, 'bulk-sweep'],
      [HOLDER, 'retention'],
    ] as const) {
      const error = expectConsoleError(await retry(id, { queue }), 404, 'NOT_FOUND');
      expect(error.message).toMatch(/only a failed or cancelled job can be retried/);
    }
    expect(await jobOf(HOLDER)).toMatchObject({ state: 'active' });
  });

  it('queues a failed job again from its first attempt, audited; a second retry finds no failed job', async () => {
    const reply = await retry(FAILED, { queue: 'retention' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: FAILED, queue: 'retention', retried: true });
    // Held behind the running job of its key: queued, due now, from its first attempt.
    const job = await jobOf(FAILED);
    expect(job).toMatchObject({ state: 'retry', retries: 0, finishedAt: null });
    expect(Date.parse(String(job?.startAfter))).toBeLessThanOrEqual(Date.now());
    expect((await list('?state=failed')).body.data).toEqual([]);

    const [entry] = (await auditOf(c, 'job.retry')).filter((e) => e.target_id === FAILED);
    expect(entry).toMatchObject({ target_type: 'job', outcome: 'success', user_email: 'admin@test.local' });
    expect(JSON.parse(entry!.details ?? '{}')).toMatchObject({ queue: 'retention' });

    expectConsoleError(await retry(FAILED, { queue: 'retention' }), 404, 'NOT_FOUND');
  });
});

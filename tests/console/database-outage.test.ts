import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { readLog, startTestConsole, type ConsoleReply, type TestConsole } from './harness';

// Issue 20: a PostgreSQL outage answered every request 500 "Something went wrong on our side".
// Now every route answers 503 DATABASE_UNAVAILABLE with a Retry-After, pages say the database
// is unavailable, and once PostgreSQL is back the same console process serves again.
let pg: TestPostgres;
let c: TestConsole;
beforeAll(async () => {
  pg = await startPostgres();
  c = await startTestConsole({ databaseUrl: pg.url });
}, 240_000);
afterAll(async () => {
  await c?.close();
  await pg?.stop();
});

const port = () => new URL(pg.url).port;

function expectUnavailable(reply: ConsoleReply, label: string) {
  expect(reply.status, `${label}: ${reply.bytes.toString().slice(0, 200)}`).toBe(503);
  expect(reply.headers.get('retry-after'), label).toBe('5');
  expect(reply.body.error.code, label).toBe('DATABASE_UNAVAILABLE');
  expect(reply.body.error.message, label).toMatch(/database is unavailable/);
  // Nothing of where the database runs reaches the browser.
  expect(reply.bytes.toString(), label).not.toMatch(new RegExp(`ECONNREFUSED|127\\.0\\.0\\.1|:${port()}`));
}

/** Polls until `path` answers 200 (the pool has its first new connection), at most `ms`. */
async function until200(path: string, cookie: string, ms = 15_000): Promise<ConsoleReply> {
  const deadline = Date.now() + ms;
  for (;;) {
    const reply = await c.call('GET', path, { cookie });
    if (reply.status === 200 || Date.now() > deadline) return reply;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a PostgreSQL outage', () => {
  it('is answered 503 with Retry-After while it lasts, and ends without restarting the console', async () => {
    const { viewer, admin } = c.cookies;
    expect((await c.call('GET', '/api/auth/me', { cookie: viewer })).status).toBe(200);

    await pg.halt();
    // Reads and writes behind a session, and sign-in, which is open.
    expectUnavailable(await c.call('GET', '/api/auth/me', { cookie: viewer }), 'GET /api/auth/me');
    expectUnavailable(await c.call('GET', '/api/admin/users', { cookie: admin }), 'GET /api/admin/users');
    expectUnavailable(
      await c.call('POST', '/api/admin/users', { cookie: admin, body: { email: 'x@test.local' } }),
      'POST /api/admin/users',
    );
    expectUnavailable((await c.signIn('viewer@test.local')).reply, 'POST /api/auth/sign-in');
    // Readiness says which dependency is down; liveness does not depend on it.
    const ready = await c.call('GET', '/api/health');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'degraded', database: { ok: false }, signing_api: { ok: true } });
    expect((await c.call('GET', '/api/health/live')).status).toBe(200);
    // A page: Next answers its error shell, whose flight data carries the digest pages give an
    // outage; in the browser, app/error.tsx shows it as "Database unavailable" with a retry.
    const page = await c.call('GET', '/catalog/categories', { cookie: viewer, headers: { accept: 'text/html' } });
    expect(page.bytes.toString()).toContain('DATABASE_UNAVAILABLE');
    expect(page.bytes.toString()).not.toMatch(/ECONNREFUSED/);
    // Its status says so too, so alerts on error rates tell an outage from a bug.
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    const home = await c.call('GET', '/', { cookie: viewer, headers: { accept: 'text/html' } });
    expect(home.status).toBe(503);

    await pg.resume();
    expect((await until200('/api/auth/me', viewer)).status).toBe(200);
    expect((await c.call('GET', '/api/admin/users', { cookie: admin })).status).toBe(200);
    expect((await c.signIn('viewer@test.local')).reply.status).toBe(200);
    expect((await c.call('GET', '/api/health')).status).toBe(200);
    expect((await c.call('GET', '/catalog/categories', { cookie: viewer, headers: { accept: 'text/html' } })).status).toBe(200);
    // The operator's log says what happened, by code, one JSON line each: no stack of Next's.
    const log = readLog(c);
    expect(log).toContain('console database unavailable');
    for (const line of log.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
    expect(log).not.toMatch(/^\s+at /m);
  });
});

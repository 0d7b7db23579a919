import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { CATALOG_FRESH_MS } from '@/lib/catalog/freshness';
import { confirmBulkRow } from './console-fixtures';
import { startTestConsole, type TestConsole } from './harness';
import { connect, pgPool } from '@/server/db/connect';
import { PgBossQueue } from '@/server/jobs/pg-boss-queue';

// Two console instances on one PostgreSQL behind no load balancer at all: whatever one
// instance knows, the other must know too (DESIGN.md section 1, scale-out).
let pg: TestPostgres;
let a: TestConsole;
let b: TestConsole;
beforeAll(async () => {
  pg = await startPostgres();
  a = await startTestConsole({ databaseUrl: pg.url });
  b = await startTestConsole({ databaseUrl: pg.url, shared: { sandbox: a.sandbox, appId: a.appId, apiKey: a.apiKey } });
}, 240_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await pg?.stop();
});

const key = (n: string) => `scale-out-${n}-${Date.now()}`;

describe('two console instances on one PostgreSQL', () => {
  it('accept each other’s sessions, and a sign-out on one ends it on both', async () => {
    const { cookie } = await a.signIn('operator@test.local');
    expect((await b.call('GET', '/api/auth/me', { cookie })).body.user.email).toBe('operator@test.local');
    expect((await b.call('POST', '/api/auth/sign-out', { cookie })).status).toBe(200);
    expect((await a.call('GET', '/api/auth/me', { cookie })).status).toBe(401);
  });

  it('share sign-in throttling: attempts on either instance count against one allowance', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.9' };
    const replies = await Promise.all(
      Array.from({ length: 36 }, (_, i) =>
        (i % 2 === 0 ? a : b).call('POST', '/api/auth/sign-in', {
          body: { email: 'sender@test.local', password: `wrong-${i}` },
          headers,
        }),
      ),
    );
    expect(replies.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    // 18 attempts per instance stay within one instance's allowance of 20: refusals prove the count is shared.
    expect(replies.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });

  it('show a catalog change made through the other instance within CATALOG_FRESH_MS, and their own at once', async () => {
    const listed = async (c: TestConsole, name: string) =>
      (
        (await c.call('GET', `/api/categories?q=${encodeURIComponent(name)}&size=100`, { cookie: c.cookies.admin })).body
          .data as { name: string }[]
      ).some((x) => x.name === name);
    const name = `Fresh ${Date.now()}`;
    // Both instances have just read the list (b keeps it in its cache).
    expect(await listed(b, name)).toBe(false);
    const created = await a.call('POST', '/api/categories', {
      cookie: a.cookies.admin,
      body: { name },
      idempotencyKey: key('fresh'),
    });
    expect(created.status).toBe(200);
    expect(await listed(a, name)).toBe(true);
    await new Promise((r) => setTimeout(r, CATALOG_FRESH_MS + 100));
    expect(await listed(b, name)).toBe(true);
  });

  it('share the audit log and hosted-editor sessions', async () => {
    const created = await a.call('POST', '/api/categories', {
      cookie: a.cookies.admin,
      body: { name: `Scale-out ${Date.now()}` },
      idempotencyKey: key('cat'),
    });
    expect(created.status).toBe(200);
    const audit = await b.call('GET', '/api/admin/audit?operation=category.create', { cookie: b.cookies.admin });
    expect(audit.body.data.map((r: { target_id: string }) => r.target_id)).toContain(created.body.id);

    // The first test signed the operator out everywhere: sign in again.
    const operator = (await a.signIn('operator@test.local')).cookie!;
    const pdf = await a.sandbox.call('GET', '/api/v1/document-sign-templates/dst_nda/content', { key: a.apiKey });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(pdf.bytes)], { type: 'application/pdf' }), 'scale-out.pdf');
    const uploaded = await a.call('POST', '/api/documents', { cookie: operator, rawBody: form, idempotencyKey: key('doc') });
    expect(uploaded.status).toBe(200);
    const opened = await a.call('POST', `/api/documents/${uploaded.body.id}/editor`, { cookie: operator, body: {} });
    expect(opened.status).toBe(200);
    const read = await b.call('GET', `/api/documents/${uploaded.body.id}/editor`, { cookie: operator });
    expect(read.status).toBe(200);
    expect(read.body.version).toBe(opened.body.version);
  });

  it('see an account disabled on one instance at once on the other', async () => {
    const users = await a.call('GET', '/api/admin/users', { cookie: a.cookies.admin });
    const viewer = users.body.data.find((u: { email: string }) => u.email === 'viewer@test.local');
    expect((await a.call('GET', '/api/auth/me', { cookie: a.cookies.viewer })).status).toBe(200);
    expect(
      (await b.call('PATCH', `/api/admin/users/${viewer.id}`, { cookie: b.cookies.admin, body: { disabled: true } })).status,
    ).toBe(200);
    expect((await a.call('GET', '/api/auth/me', { cookie: a.cookies.viewer })).status).toBe(401);
  });

  it('know which rows have a job still pending on pg-boss, so a sweep never queues one beside a job waiting out its backoff', async () => {
    const db = await connect({ databaseUrl: pg.url, dataDir: a.dataDir });
    const queue = new PgBossQueue(db, pgPool(db)!, () => undefined);
    try {
      const tag = key('pending');
      // Due in an hour: neither instance takes them meanwhile.
      const later = { startAfterSeconds: 3600 };
      await queue.send('bulk-send-row', { batch_id: 'none', position: 0 }, { singletonKey: `${tag}:queued`, ...later });
      const backingOff = await queue.send('bulk-send-row', { batch_id: 'none', position: 1 }, { singletonKey: `${tag}:retry`, ...later });
      const finished = await queue.send('bulk-send-row', { batch_id: 'none', position: 2 }, { singletonKey: `${tag}:done`, ...later });
      await sql`UPDATE pgboss.job SET state = 'retry' WHERE id = ${backingOff}`.execute(db);
      await sql`UPDATE pgboss.job SET state = 'completed' WHERE id = ${finished}`.execute(db);
      const pending = await queue.pendingKeys('bulk-send-row', [`${tag}:queued`, `${tag}:retry`, `${tag}:done`, `${tag}:never`]);
      expect([...pending].sort()).toEqual([`${tag}:queued`, `${tag}:retry`]);
      expect(await queue.pendingKeys('retention', [`${tag}:queued`])).toEqual(new Set());
      await sql`DELETE FROM pgboss.job WHERE singleton_key LIKE ${`${tag}:%`}`.execute(db);
    } finally {
      await queue.stop(1_000);
      await db.destroy();
    }
  });

  it('share one background queue: each confirmed bulk row is sent once, whichever instance takes it', async () => {
    // Signed in at start: this suite's throttling test has since locked the account's new sign-ins.
    const sender = a.cookies.sender;
    const tag = Date.now().toString(36);
    const rows = Array.from({ length: 4 }, (_, i) => ({
      line: i + 2,
      values: {
        sender_values: { counterparty_name: `Scale ${i}`, effective_date: '2027-01-15', governing_law: '' },
        signers: [
          { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
          { slot_id: 'counterparty_signer', name: `Scale ${i}`, email: `s${i}.${tag}@example.org`, phone: '+442071234567' },
        ],
        expires_in_days: '',
        reference: `scale ${tag} ${i}`,
      },
    }));
    const made = await a.call('POST', '/api/bulk-batches', {
      cookie: sender,
      body: { template_id: 'dst_nda', name: `Scale ${tag}`, expires_in_days: '30', rows },
      idempotencyKey: key('bulk'),
    });
    expect(made.status, made.bytes.toString('utf8').slice(0, 300)).toBe(200);
    const id = made.body.id as string;
    // Confirmed through both instances alike; the rows are then the queue's, on PostgreSQL.
    for (const position of [0, 1, 2, 3]) {
      await confirmBulkRow(position % 2 === 0 ? a : b, sender, id, position);
    }
    const until = Date.now() + 60_000;
    let counts: Record<string, number> = {};
    while (Date.now() < until) {
      counts = (await b.call('GET', `/api/bulk-batches/${id}`, { cookie: sender })).body.counts;
      if (counts.sent === 4) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(counts).toMatchObject({ sent: 4, sending: 0, failed: 0 });
    const made4 = a.sandbox.sandbox.services.records
      .all('package')
      .filter((p) => JSON.stringify(p).includes(`.${tag}@example.org`));
    expect(made4).toHaveLength(4);
  }, 90_000);
});

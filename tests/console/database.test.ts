import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAudit, recordAudit } from '@/server/audit';
import { EVERYTHING, enterScope } from '@/server/teams/scope';
import {
  UNKNOWN_BROWSER_ALLOWANCE,
  WINDOW_MS,
  admitSignIn,
  attemptsOn,
  gapAfter,
  reserveAttempt,
  throttleKey,
} from '@/server/auth/throttle';
import { connect, migrate } from '@/server/db/connect';
import { migrations } from '@/server/db/migrations';
import { createDraft } from '@/server/drafts/create-draft';
import { deleteDraft } from '@/server/drafts/delete-draft';
import { getDraft, listDrafts } from '@/server/drafts/read-drafts';
import { updateDraft } from '@/server/drafts/update-draft';
import { packageDrafts } from '@/server/package-drafts/package-draft-kind';
import { beginIntent, openIntents, settleIntent } from '@/server/intents/journal';
import { lastLooked, noteHomeVisit } from '@/server/home/home-visits';
import { deleteRecipient } from '@/server/recipients/delete-recipient';
import { importRecipients } from '@/server/recipients/import-recipients';
import { listRecipients } from '@/server/recipients/list-recipients';
import { rememberRecipients } from '@/server/recipients/remember-recipients';
import { updateRecipient } from '@/server/recipients/update-recipient';
import { recordsOf, searchSendRecords } from '@/server/send-records/find-send-records';
import { recordPreview } from '@/server/send-records/record-preview';
import { readSendingRecord } from '@/server/send-records/read-sending-record';
import { recordSend } from '@/server/send-records/record-send';
import { receiptHash } from '@/server/send-records/send-record';
import type { Database } from '@/server/db/schema';
import { verifyPassword } from '@/server/users/password';
import { EmailTakenError, createUser, findUserByEmail, updateUser } from '@/server/users/users';
import { ConsoleError } from '@/server/errors';
import { dismissedKeys, dismissHomeItem } from '@/server/home/home-dismissals';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { createBatch } from '@/server/bulk/create-batch';
import { moveRow } from '@/server/bulk/batch-store';
import { changeBatch } from '@/server/bulk/change-batch';
import { listBatches, readBatch } from '@/server/bulk/read-batches';
import type { SignTemplate } from '@/lib/catalog/schemas';

// One query layer and one migration set for both dialects: the same assertions run on
// embedded SQLite and on PostgreSQL, with two connections standing in for two instances.
interface Backend {
  name: string;
  open(): Promise<Kysely<Database>>;
  /** an empty database of its own, for a migration's test */
  fresh(): Promise<Kysely<Database>>;
  postgres: boolean;
}

let pg: TestPostgres;
const sqliteDir = mkdtempSync(join(tmpdir(), 'signdesk-sqlite-'));
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  await pg?.stop();
  rmSync(sqliteDir, { recursive: true, force: true });
});

const backends: Backend[] = [
  {
    name: 'SQLite',
    postgres: false,
    open: () => connect({ dataDir: sqliteDir }),
    fresh: () => connect({ dataDir: mkdtempSync(join(sqliteDir, 'fresh-')) }),
  },
  {
    name: 'PostgreSQL',
    postgres: true,
    open: () => connect({ databaseUrl: pg.url, dataDir: sqliteDir }),
    async fresh() {
      const name = `fresh_${Date.now()}`;
      const admin = await connect({ databaseUrl: pg.url, dataDir: sqliteDir });
      await sql.raw(`CREATE DATABASE ${name}`).execute(admin);
      await admin.destroy();
      const url = new URL(pg.url);
      url.pathname = `/${name}`;
      return connect({ databaseUrl: url.toString(), dataDir: sqliteDir });
    },
  },
];

describe.each(backends)('console database on $name', (backend) => {
  let a: Kysely<Database>;
  let b: Kysely<Database>;
  beforeAll(async () => {
    a = await backend.open();
    b = await backend.open();
    // Several instances starting at once all migrate on PostgreSQL, where the advisory lock
    // makes them take turns; embedded SQLite serves one instance, so it migrates once.
    if (backend.postgres) await Promise.all([migrate(a, true), migrate(b, true)]);
    else {
      await migrate(a, false);
      await migrate(b, false);
    }
  });
  afterAll(async () => {
    await a?.destroy();
    await b?.destroy();
  });

  it('creates accounts with scrypt hashes, unique by e-mail in any case', async () => {
    const user = await createUser(a, {
      email: 'Ops@Example.com',
      name: 'Ops',
      password: 'a-very-long-password',
      roles: ['operator', 'sender'],
    });
    expect(user.email).toBe('ops@example.com');
    const row = await findUserByEmail(b, 'OPS@example.com');
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('a-very-long-password', row!.password_hash)).toBe(true);
    expect(await verifyPassword('wrong', row!.password_hash)).toBe(false);
    await expect(
      createUser(b, { email: 'ops@example.com', name: 'Again', password: 'another-long-password', roles: ['viewer'] }),
    ).rejects.toBeInstanceOf(EmailTakenError);
  });

  it('ends sessions on disable but not on a role change', async () => {
    const user = await createUser(a, {
      email: 'rotate@example.com',
      name: 'R',
      password: 'a-very-long-password',
      roles: ['viewer'],
    });
    const roles = await updateUser(b, user.id, { roles: ['admin'] });
    expect(roles?.roles).toEqual(['admin']);
    expect(roles?.sessionVersion).toBe(user.sessionVersion);
    const disabled = await updateUser(a, user.id, { disabled: true });
    expect(disabled?.disabled).toBe(true);
    expect(disabled?.sessionVersion).toBe(user.sessionVersion + 1);
  });

  it('counts parallel sign-in attempts exactly, across instances, in one statement each', async () => {
    const key = throttleKey('account', `race-${backend.name}@example.com`);
    const now = Date.now();
    // 50 at once through two connections (two console instances): no read-then-write race.
    const reservations = await Promise.all(Array.from({ length: 50 }, (_, i) => reserveAttempt(i % 2 === 0 ? a : b, key, now)));
    expect(await attemptsOn(a, key)).toBe(50);
    expect(reservations.map((r) => r.attempts).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Beyond the allowance every attempt got a slot of its own, and the slots add up: the 50
    // were spaced out back to back, whatever order the two instances reserved them in.
    const total = reservations.reduce((sum, r) => sum + gapAfter('account', r.attempts), 0);
    const last = reservations.reduce((x, y) => (y.slotAt > x.slotAt ? y : x));
    expect(last.slotAt - now).toBe(total - gapAfter('account', last.attempts));
    expect(new Set(reservations.map((r) => r.slotAt)).size).toBeGreaterThanOrEqual(45);
  });

  it('refuses a crowd of unknown browsers past the allowance, lets a known browser in, refuses an address past its allowance', async () => {
    const account = `slow-${backend.name}@example.com`;
    const now = Date.now();
    const crowd = [];
    for (let i = 0; i < 30; i++)
      crowd.push(await admitSignIn(i % 2 === 0 ? a : b, { account, address: `10.0.0.${i}`, device: null, now }));
    // Thirty attempts from thirty addresses: the allowance for unknown browsers is spaced, then refused.
    expect(crowd.filter((r) => 'waitMs' in r)).toHaveLength(UNKNOWN_BROWSER_ALLOWANCE);
    expect(crowd.slice(UNKNOWN_BROWSER_ALLOWANCE)).toEqual(
      Array(30 - UNKNOWN_BROWSER_ALLOWANCE).fill({ refusedForMs: WINDOW_MS, reason: 'unknown-browser' }),
    );
    // The owner, from a browser that signed in as them before, is not slowed at all.
    expect(await admitSignIn(a, { account, address: '10.9.9.9', device: 'owner-device', now })).toEqual({ waitMs: 0 });
    // One address hammering many accounts is refused once its queue is long.
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      const r = await admitSignIn(b, {
        account: `victim-${i}-${backend.name}@example.com`,
        address: `10.6.6.${backend.postgres ? 1 : 2}`,
        device: null,
        now,
      });
      if ('refusedForMs' in r) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect(await attemptsOn(a, throttleKey('address', `10.6.6.${backend.postgres ? 1 : 2}`))).toBe(40);
  });

  it('shares the intent journal between instances: begun on one, resolved on the other', async () => {
    const start = {
      userId: `u-${backend.name}`,
      operation: 'package.send',
      key: `key-${backend.name}-1`,
      method: 'POST',
      path: '/api/packages',
      params: undefined,
      body: { preview_token: 'pt_1' },
      replayable: true,
    };
    const intent = await beginIntent(a, start);
    expect(await settleIntent(a, intent.id, { status: 0 })).toBe('unknown');
    expect((await openIntents(b, start.userId)).map((i) => i.idempotency_key)).toEqual([start.key]);
    // The same key again (from the other instance) finds the same intent; another body is refused.
    expect((await beginIntent(b, start)).id).toBe(intent.id);
    await expect(beginIntent(b, { ...start, body: { preview_token: 'pt_2' } })).rejects.toMatchObject({ status: 409 });
    expect(await settleIntent(b, intent.id, { status: 201, resultId: 'pkg_1' })).toBe('succeeded');
    // A success is final: a later unclear answer cannot reopen it.
    await settleIntent(a, intent.id, { status: 503 });
    expect(await openIntents(a, start.userId)).toEqual([]);
  });

  it('records and filters the audit log written by either instance', async () => {
    const base = { outcome: 'success' as const, status: 200, targetType: 'category' };
    await recordAudit(a, {
      ...base,
      user: { id: 'u1', email: 'alice@example.com', roles: ['admin'] },
      operation: 'category.create',
      targetId: 'cat_1',
      idempotencyKey: 'k-1',
      upstreamRequestId: 'req_1',
    });
    await recordAudit(b, {
      ...base,
      user: { id: 'u2', email: 'bob@example.com', roles: ['admin'] },
      operation: 'category.archive',
      targetId: 'cat_1',
      reason: 'No longer used',
    });
    const all = await queryAudit(a, { page: 1, size: 25 });
    expect(all.pagination.total).toBe(2);
    expect(all.data[0]!.operation).toBe('category.archive');
    const bob = await queryAudit(b, { user: 'BOB@example.com', page: 1, size: 25 });
    expect(bob.data.map((r) => r.reason)).toEqual(['No longer used']);
    const created = await queryAudit(a, { operation: 'category.create', page: 1, size: 25 });
    expect(created.data[0]).toMatchObject({
      idempotency_key: 'k-1',
      upstream_request_id: 'req_1',
      user_email: 'alice@example.com',
    });
    const none = await queryAudit(a, { from: '2999-01-01T00:00:00.000Z', page: 1, size: 25 });
    expect(none.pagination.total).toBe(0);
  });

  it.skipIf(!backend.postgres)(
    'outlives the database dropping its connections: the pool opens new ones and nothing crashes',
    async () => {
      // Idle connections dropped by the server (a restart, a failover, an administrator) fail on
      // the pool; unheard, that failure would end the console's process.
      await sql`select 1`.execute(a);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()`.execute(
        b,
      );
      await new Promise((r) => setTimeout(r, 200));
      const after = await sql<{ one: number }>`select 1 as one`.execute(a);
      expect(after.rows[0]?.one).toBe(1);
    },
  );

  it('keeps package drafts per user and versioned across instances: one draft per key, one winner per version', async () => {
    const userId = `drafter-${backend.name}`;
    const input = {
      template_id: 'dst_nda',
      template_name: 'NDA',
      values: {
        sender_values: { counterparty_name: 'Acme' },
        signers: [{ slot_id: 'company_signer', name: 'Grace', email: '', phone: '' }],
        expires_in_days: '',
      },
    };
    const key = `draft-key-${backend.name}`;
    const create = (db: Kysely<Database>, body: typeof input) =>
      createDraft(db, packageDrafts, {
        userId,
        input: { subjectId: body.template_id, subjectName: body.template_name, values: body.values },
        key,
        body,
      });
    const [one, two] = await Promise.all([create(a, input), create(b, input)]);
    expect(one.draft.id).toBe(two.draft.id);
    expect([one.created, two.created].filter(Boolean)).toHaveLength(1);
    await expect(create(b, { ...input, template_name: 'Other' })).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const id = one.draft.id;

    const edit = (db: Kysely<Database>, name: string) =>
      updateDraft(db, packageDrafts, {
        userId,
        id,
        version: 1,
        input: { subjectId: input.template_id, values: { ...input.values, sender_values: { counterparty_name: name } } },
      });
    const race = await Promise.allSettled([edit(a, 'From A'), edit(b, 'From B')]);
    expect(race.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(race.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409, code: 'DRAFT_VERSION_CONFLICT' } });
    const saved = await getDraft(b, packageDrafts, { userId, id });
    expect(saved.version).toBe(2);
    expect(['From A', 'From B']).toContain(saved.label);

    await expect(getDraft(a, packageDrafts, { userId: 'someone-else', id })).rejects.toMatchObject({ status: 404 });
    await expect(deleteDraft(a, packageDrafts, { userId: 'someone-else', id })).rejects.toMatchObject({ status: 404 });
    expect((await listDrafts(a, packageDrafts, { userId, page: 1, size: 25 })).data.map((d) => d.id)).toEqual([id]);
    await deleteDraft(b, packageDrafts, { userId, id });
    expect((await listDrafts(a, packageDrafts, { userId, page: 1, size: 25 })).pagination.total).toBe(0);
  });

  it('moves the package drafts saved before drafts had one table into it, as they were', async () => {
    const db = await backend.fresh();
    try {
      const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
        '0005_audit_origin',
      );
      expect(before.error).toBeUndefined();
      const values = { sender_values: { counterparty_name: 'Acme' }, signers: [], expires_in_days: '7' };
      await sql`INSERT INTO package_drafts (id, user_id, template_id, template_name, label, form_values, version, create_key, create_fingerprint, created_at, updated_at)
        VALUES ('pdr_old', 'u1', 'dst_nda', 'NDA', 'Acme', ${JSON.stringify(values)}, 3, NULL, NULL, '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`.execute(
        db,
      );
      await migrate(db, backend.postgres);
      expect(await getDraft(db, packageDrafts, { userId: 'u1', id: 'pdr_old' })).toEqual({
        id: 'pdr_old',
        template_id: 'dst_nda',
        template_name: 'NDA',
        label: 'Acme',
        version: 3,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
        values,
      });
    } finally {
      await db.destroy();
    }
  });

  it('keeps each user’s home visits across instances: a visit within ten minutes is the same one, a later one moves "last looked"', async () => {
    const user = `home-${backend.name}-${Date.now()}`;
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));
    await noteHomeVisit(a, user, at(0));
    expect(await lastLooked(b, user)).toBeNull();
    await Promise.all([noteHomeVisit(a, user, at(5)), noteHomeVisit(b, user, at(5))]);
    expect(await lastLooked(a, user)).toBeNull();
    await Promise.all([noteHomeVisit(a, user, at(11)), noteHomeVisit(b, user, at(11))]);
    expect(await lastLooked(b, user)).toBe(at(0).toISOString());
    await noteHomeVisit(b, user, at(30));
    expect(await lastLooked(a, user)).toBe(at(11).toISOString());
  });

  it('keeps what a user dismissed from home on either instance, once however often, and theirs alone', async () => {
    const tag = `${backend.name}-${Date.now()}`;
    const owner = await createUser(a, {
      email: `dismiss-${tag}@example.com`,
      name: 'Dismisser',
      password: 'pw-not-checked-here-0',
      roles: ['viewer'],
    });
    const other = await createUser(a, {
      email: `other-${tag}@example.com`,
      name: 'Other',
      password: 'pw-not-checked-here-0',
      roles: ['viewer'],
    });
    await recordAudit(a, {
      user: owner,
      operation: 'saved_view.create',
      targetType: 'saved_view',
      outcome: 'failure',
      status: 422,
      errorCode: 'VALIDATION_FAILED',
    });
    const [entry] = (await queryAudit(a, { user: `dismiss-${tag}`, page: 1, size: 1 })).data;
    const key = `audit:${entry!.id}`;
    await Promise.all([dismissHomeItem(a, owner.id, key, new Date()), dismissHomeItem(b, owner.id, key, new Date())]);
    expect([...(await dismissedKeys(b, owner.id))]).toEqual([key]);
    await expect(dismissHomeItem(b, other.id, key, new Date())).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await dismissedKeys(a, other.id)).toEqual(new Set());
  });

  it('records a preview on one instance and its send on the other, and searches what was sent in any case, wildcards literal', async () => {
    enterScope(EVERYTHING); // read as an admin would: the scope itself is proved by tests/security/team-leak.test.ts
    const tag = `${backend.name}-${Date.now()}`;
    const user = await createUser(a, {
      email: `sender-${tag}@example.com`,
      name: 'Sender Person',
      password: 'pw-not-checked-here-0',
      roles: ['sender'],
    });
    const preview = (token: string, reference: string | null) =>
      recordPreview(a, {
        userId: user.id,
        previewToken: token,
        templateId: 'dst_nda',
        templateName: null,
        reference,
        senderValues: { counterparty_name: `Ümlaut GmbH ${tag}` },
        signers: [{ slot_id: 's1', name: 'Alan Turing', email: `alan.${tag}@example.org`, phone: '+442071234567' }],
        expiresInDays: 14,
        pdf: { sha256: 'ab'.repeat(32), page_count: 2 },
        at: new Date('2026-11-01T10:00:00.000Z'),
      });
    await preview(`pt_one_${tag}`, `100% PO_${tag}`);
    await preview(`pt_one_${tag}`, 'a repeated receipt is the same preview');
    await preview(`pt_two_${tag}`, null);
    const review = {
      pages: [
        { page: 1, seen_at: '2026-11-01T10:01:00.000Z' },
        { page: 2, seen_at: '2026-11-01T10:02:00.000Z' },
      ],
      sections: [{ id: 'values' as const, seen_at: '2026-11-01T10:03:00.000Z' }],
      confirmed_at: '2026-11-01T10:04:59.000Z',
    };
    const send = (token: string, packageId: string, at: string) =>
      recordSend(b, {
        previewToken: token,
        packageId,
        status: 'queued',
        templateName: 'Mutual NDA',
        idempotencyKey: `k-${packageId}`,
        requestId: `req-${packageId}`,
        at: new Date(at),
        userId: user.id,
        review: token === `pt_one_${tag}` ? review : null,
      });
    await send(`pt_one_${tag}`, `pkg_1_${tag}`, '2026-11-01T10:05:00.000Z');
    // A replay of the same send keeps the first answer.
    await send(`pt_one_${tag}`, `pkg_other_${tag}`, '2026-11-02T00:00:00.000Z');
    await send(`pt_two_${tag}`, `pkg_2_${tag}`, '2026-11-01T11:00:00.000Z');

    const records = await recordsOf(a, [`pkg_1_${tag}`, `pkg_2_${tag}`, `pkg_other_${tag}`, 'pkg_never']);
    expect([...records.keys()].sort()).toEqual([`pkg_1_${tag}`, `pkg_2_${tag}`]);
    expect(records.get(`pkg_1_${tag}`)).toEqual({
      reference: `100% PO_${tag}`,
      recipients: [{ slot_id: 's1', name: 'Alan Turing', email: `alan.${tag}@example.org` }],
      sent_by: 'Sender Person',
      sent_at: '2026-11-01T10:05:00.000Z',
      expires_in_days: 14,
    });
    expect(await searchSendRecords(b, `ALAN.${tag}`, 10)).toEqual({ ids: [`pkg_2_${tag}`, `pkg_1_${tag}`], total: 2 });
    expect(await searchSendRecords(b, `ümlaut gmbh ${tag}`, 1)).toEqual({ ids: [`pkg_2_${tag}`], total: 2 });
    expect(await searchSendRecords(a, `100% po_${tag}`, 10)).toEqual({ ids: [`pkg_1_${tag}`], total: 1 });
    expect(await searchSendRecords(a, `mutual nda`, 100).then((r) => r.ids.filter((id) => id.endsWith(tag)).sort())).toEqual([
      `pkg_1_${tag}`,
      `pkg_2_${tag}`,
    ]);
    expect((await searchSendRecords(a, `%${tag}`, 10)).total).toBe(0);
    expect((await searchSendRecords(a, `PO__${tag}`, 10)).total).toBe(0);

    // The sending record, read on the other instance: the sender's side of the evidence.
    expect(await readSendingRecord(a, `pkg_1_${tag}`)).toEqual({
      package_id: `pkg_1_${tag}`,
      // Recorded without a version or the template's labels: none is claimed, and each value keeps its key.
      template: { id: 'dst_nda', name: 'Mutual NDA', version: null },
      reference: `100% PO_${tag}`,
      previewed: {
        by: { name: 'Sender Person', email: `sender-${tag}@example.com`.toLowerCase() },
        at: '2026-11-01T10:00:00.000Z',
      },
      receipt_sha256: receiptHash(`pt_one_${tag}`),
      populated_pdf: { sha256: 'ab'.repeat(32), page_count: 2 },
      review,
      confirmed: {
        by: { name: 'Sender Person', email: `sender-${tag}@example.com`.toLowerCase() },
        at: '2026-11-01T10:04:59.000Z',
      },
      expires_in_days: 14,
      recipients: [{ slot_id: 's1', name: 'Alan Turing', email: `alan.${tag}@example.org`, phone: '+442071234567' }],
      sender_values: { counterparty_name: `Ümlaut GmbH ${tag}` },
      fields: [{ key: 'counterparty_name', label: null, value: `Ümlaut GmbH ${tag}` }],
      review_from_earlier_preview: false,
      idempotency_key: `k-pkg_1_${tag}`,
      api_answer: { status: 'queued', request_id: `req-pkg_1_${tag}`, at: '2026-11-01T10:05:00.000Z' },
    });
    // Sent without what the browser saw: no review, confirmed when the API answered.
    const second = await readSendingRecord(b, `pkg_2_${tag}`);
    expect(second?.review).toBeNull();
    expect(second?.confirmed.at).toBe('2026-11-01T11:00:00.000Z');
    expect(JSON.stringify(second)).not.toContain(`pt_two_${tag}`); // the receipt itself is never kept
    expect(await readSendingRecord(a, `pkg_other_${tag}`)).toBeNull();
  });

  it('keeps a 500-row batch, made once per key by racing instances, and lets one instance bind a row’s send', async () => {
    enterScope(EVERYTHING); // read as an admin would: the scope itself is proved by tests/security/team-leak.test.ts
    const tag = `${backend.name}-${Date.now()}`;
    const user = await createUser(a, {
      email: `bulk-${tag}@example.com`,
      name: 'Bulk Sender',
      password: 'pw-not-checked-here-0',
      roles: ['sender'],
    });
    const template: SignTemplate = {
      id: 'dst_nda',
      name: 'Mutual NDA',
      description: '',
      versions: [],
      slots: [{ slot_id: 's1', label: 'Signer' }],
      sender_fields: [{ key: 'counterparty_name', label: 'Counterparty name', type: 'text', required: true }],
    };
    const input = {
      template_id: 'dst_nda',
      name: `Batch ${tag}`,
      expires_in_days: '14',
      rows: Array.from({ length: 500 }, (_, i) => ({
        line: i + 2,
        values: {
          sender_values: { counterparty_name: `Ümlaut ${i}` },
          signers: [{ slot_id: 's1', name: `Person ${i}`, email: `p${i}.${tag}@example.org`, phone: '+44 20 7123 4567' }],
          expires_in_days: i === 0 ? '30' : '',
          reference: '',
        },
      })),
    };
    // Racing instances are PostgreSQL's case; embedded SQLite serves one instance, and two
    // connections in one process would wait on each other's lock with the event loop blocked.
    const create = (db: Kysely<Database>) => createBatch({ db, userId: user.id, input, template, createKey: `create-${tag}` });
    const [first, second] = backend.postgres ? await Promise.all([create(a), create(b)]) : [await create(a), await create(b)];
    expect(first.id).toBe(second.id);
    expect((await listBatches(b, user.id)).map((x) => [x.id, x.row_count, x.counts.to_review])).toEqual([[first.id, 500, 500]]);
    const batch = await readBatch(b, user.id, first.id);
    expect(batch.rows.map((r) => r.line)).toEqual(input.rows.map((r) => r.line));
    expect(batch.rows[0]).toMatchObject({
      expires_in_days: 30,
      signers: [{ phone: '+442071234567' }],
      sender_values: { counterparty_name: 'Ümlaut 0' },
    });
    expect(batch.rows[1]?.expires_in_days).toBe(14);

    // Two instances bind a reviewed row's send at once: one key wins, the other is told no.
    const row = { batch_id: first.id, position: 7 };
    await moveRow(a, row, ['to_review'], { state: 'reviewed' });
    const bind = (db: Kysely<Database>, key: string) => moveRow(db, row, ['reviewed'], { state: 'sending', send_key: key });
    const bound = backend.postgres
      ? await Promise.all([bind(a, `key-a-${tag}`), bind(b, `key-b-${tag}`)])
      : [await bind(a, `key-a-${tag}`), await bind(b, `key-b-${tag}`)];
    expect(bound.filter(Boolean)).toHaveLength(1);
    const cancelled = await changeBatch({ db: b, userId: user.id, batchId: first.id, action: 'cancel' });
    expect(cancelled.counts).toMatchObject({ sending: 1, cancelled: 499 });
    expect(cancelled.rows[7]?.send_key).toBe(bound[0] ? `key-a-${tag}` : `key-b-${tag}`);
  });

  it('keeps one recipient book for every instance: a send adds or updates once, edits go over a version, an import is all or none', async () => {
    enterScope(EVERYTHING); // read as an admin would: the scope itself is proved by tests/security/team-leak.test.ts
    const tag = `${backend.name}-${Date.now()}`.toLowerCase();
    const user = await createUser(a, {
      email: `book-${tag}@example.com`,
      name: 'Book Sender',
      password: 'pw-not-checked-here-0',
      roles: ['sender'],
    });
    const ada = `ada.${tag}@example.com`;
    const alan = `alan.${tag}@example.org`;
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'done',
        (e: unknown) => (e instanceof ConsoleError ? `${e.status} ${e.code}` : String(e)),
      );
    const book = async () => (await listRecipients({ db: a, query: { q: tag, page: 1, size: 25 } })).data;
    const entry = async (email: string) => (await book()).find((r) => r.email.toLowerCase() === email)!;
    /** A preview recorded on one instance and its send on the other, then the book told (once, as sendPackage does). */
    const send = async (n: number, signers: { name: string; email: string; phone: string }[], at: string) => {
      const previewToken = `pt_book_${n}_${tag}`;
      await recordPreview(a, {
        userId: user.id,
        previewToken,
        templateId: 'dst_nda',
        templateName: null,
        reference: null,
        senderValues: {},
        signers: signers.map((s, i) => ({ slot_id: `s${i}`, ...s })),
        expiresInDays: 14,
        pdf: {},
        at: new Date(at),
      });
      const sent = {
        previewToken,
        packageId: `pkg_book_${n}_${tag}`,
        status: 'queued',
        templateName: null,
        idempotencyKey: `k-book-${n}-${tag}`,
        requestId: null,
        at: new Date(at),
        userId: user.id,
        review: null,
      };
      expect(await recordSend(b, sent)).toBe(true);
      // A replay of the same send finds its record completed: not a second use.
      expect(await recordSend(a, sent)).toBe(false);
      await rememberRecipients({ db: b, previewToken, userId: user.id, at: new Date(at) });
    };

    // Named twice in one send (in two cases): one entry, one use.
    await send(
      1,
      [
        { name: 'Ada Lovelace', email: ada.toUpperCase(), phone: '+4915112345678' },
        { name: 'Ada Lovelace', email: ada, phone: '+4915112345678' },
        { name: 'Alan Turing', email: alan, phone: '+442071234567' },
      ],
      '2026-11-01T10:00:00.000Z',
    );
    expect(await book()).toHaveLength(2);
    expect(await entry(ada)).toMatchObject({
      name: 'Ada Lovelace',
      phone: '+4915112345678',
      use_count: 1,
      version: 1,
      source: 'sent',
      added_by: 'Book Sender',
      last_used_at: '2026-11-01T10:00:00.000Z',
    });
    // Typed otherwise in a later send: the entry takes it, a change of its values; the same again is only a use.
    await send(2, [{ name: 'Ada King', email: ada, phone: '+4915112345678' }], '2026-11-02T10:00:00.000Z');
    await send(3, [{ name: 'Ada King', email: ada, phone: '+4915112345678' }], '2026-11-03T10:00:00.000Z');
    const king = await entry(ada);
    expect(king).toMatchObject({ name: 'Ada King', use_count: 3, version: 2, last_used_at: '2026-11-03T10:00:00.000Z' });
    expect((await book()).map((r) => r.email)).toEqual([ada, alan]); // most recently used first

    // Edits go over the version the page showed, on either instance; of two at once, one wins.
    const fields = { name: 'Ada Lovelace', email: ada, phone: '+4915112345678' };
    expect(await refusal(updateRecipient({ db: a, id: king.id, input: { ...fields, version: 1 } }))).toBe(
      '409 RECIPIENT_CHANGED',
    );
    const race = await Promise.all([
      refusal(updateRecipient({ db: a, id: king.id, input: { ...fields, name: 'From A', version: 2 } })),
      refusal(updateRecipient({ db: b, id: king.id, input: { ...fields, name: 'From B', version: 2 } })),
    ]);
    expect(race.sort()).toEqual(['409 RECIPIENT_CHANGED', 'done']);
    const edited = await entry(ada);
    expect(edited).toMatchObject({ version: 3, source: 'edit', use_count: 3 });
    // The same values again (a Save repeated after a lost answer) answer the entry as it is.
    expect(
      await updateRecipient({ db: b, id: king.id, input: { name: edited.name, email: ada, phone: edited.phone, version: 2 } }),
    ).toEqual(edited);
    const alanEntry = await entry(alan);
    expect(
      await refusal(
        updateRecipient({ db: b, id: alanEntry.id, input: { name: 'Alan', email: ada.toUpperCase(), phone: null, version: 1 } }),
      ),
    ).toBe('409 RECIPIENT_EMAIL_TAKEN');

    // An import with one bad row changes nothing; a good one adds, updates and keeps.
    const before = JSON.stringify(await book());
    const bad = `name,email,phone\nGrace Hopper,grace.${tag}@example.net,+12125550100\nNobody,not-an-address,\n`;
    expect(await refusal(importRecipients({ db: a, user, csv: bad }))).toBe('422 RECIPIENT_IMPORT_INVALID');
    expect(JSON.stringify(await book())).toBe(before);
    const good = `email,name,phone\ngrace.${tag}@example.net,Grace Hopper,+1 212 555 0100\n${alan},Alan M. Turing,\n${ada},${edited.name},${edited.phone}\n`;
    // Alan would change: nothing is imported until the importer overwrites the version they saw.
    expect(await refusal(importRecipients({ db: b, user, csv: good }))).toBe('409 RECIPIENT_IMPORT_CONFLICTS');
    expect(JSON.stringify(await book())).toBe(before);
    const overwrite = [{ id: alanEntry.id, version: alanEntry.version }];
    expect(await importRecipients({ db: b, user, csv: good, overwrite })).toEqual({
      rows: 3,
      created: 1,
      updated: 1,
      unchanged: 1,
      merged: 0,
    });
    expect(await importRecipients({ db: a, user, csv: good })).toEqual({
      rows: 3,
      created: 0,
      updated: 0,
      unchanged: 3,
      merged: 0,
    });
    expect(await entry(alan)).toMatchObject({
      name: 'Alan M. Turing',
      phone: '+442071234567',
      source: 'import',
      version: 2,
      use_count: 1,
    });
    expect((await book()).map((r) => r.email)).toEqual([ada, alan, `grace.${tag}@example.net`]); // never used: last

    // Deleting goes over the version too; a second delete finds nothing.
    const grace = await entry(`grace.${tag}@example.net`);
    expect(grace).toMatchObject({ phone: '+12125550100', use_count: 0, last_used_at: null, added_by: 'Book Sender' });
    expect(await refusal(deleteRecipient({ db: a, id: grace.id, version: 2 }))).toBe('409 RECIPIENT_CHANGED');
    expect(await deleteRecipient({ db: b, id: grace.id, version: 1 })).toEqual({ deleted: grace.id, email: grace.email });
    expect(await refusal(deleteRecipient({ db: a, id: grace.id, version: 1 }))).toBe('404 RECIPIENT_NOT_FOUND');
    // The search reads names and addresses in any case, its wildcards literal.
    expect((await listRecipients({ db: a, query: { q: `ALAN.${tag}`, page: 1, size: 25 } })).pagination.total).toBe(1);
    expect((await listRecipients({ db: a, query: { q: `_${tag}`, page: 1, size: 25 } })).pagination.total).toBe(0);
  });
});

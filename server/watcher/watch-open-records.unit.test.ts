import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { auditRow } from '../../tests/support/console-rows';
import type { WatchedKind } from './open-statuses';
import type { WatcherApi } from './watcher-api';
import { watchOpenRecords } from './watch-open-records';
import { watcherTimes } from './cursor';

// The watcher against a fake API that keeps its records in memory and counts what it is asked.

type Rec = { id: string; status: string } & Record<string, unknown>;
const DATE = 'Thu, 01 Jan 2026 12:00:00 GMT';

function fakeApi() {
  const records: Record<WatchedKind, Rec[]> = { package: [], approval_request: [] };
  const calls: string[] = [];
  const api: WatcherApi = {
    async list(kind, status, page, size) {
      calls.push(`list ${kind} ${status} ${page}`);
      const all = records[kind].filter((r) => r.status === status);
      return {
        data: all.slice((page - 1) * size, page * size),
        pagination: { page, size, total: all.length, pages: Math.ceil(all.length / size) },
        date: DATE,
      };
    },
    async read(kind, id) {
      calls.push(`read ${kind} ${id}`);
      return { record: records[kind].find((r) => r.id === id) ?? null, date: DATE };
    },
  };
  return { records, calls, api };
}

let dir: string;
let db: Kysely<Database>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-watcher-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
});
afterEach(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const history = () => db.selectFrom('status_history').selectAll().orderBy('recorded_at').orderBy('at').execute();
const run = (api: WatcherApi, maxCalls = 20) => watchOpenRecords({ db, api, maxCalls });

describe('watchOpenRecords', () => {
  it('records each change of status once, at the time the record gives for it, however often it runs', async () => {
    const { records, api } = fakeApi();
    records.package.push({ id: 'pkg_1', status: 'queued', sent_at: '2026-01-01T09:00:00.000Z' });
    records.approval_request.push({ id: 'ar_1', status: 'IN_PROGRESS', submitted_at: '2026-01-01T09:05:00.000Z' });
    await run(api);
    records.package[0] = { ...records.package[0]!, status: 'delivered', delivered_at: '2026-01-01T09:01:00.000Z' };
    records.approval_request[0] = {
      ...records.approval_request[0]!,
      status: 'NEEDS_REVISION',
      revision_task: { version: 1, requested_at: '2026-01-01T10:00:00.000Z' },
    };
    await run(api);
    await run(api);
    const rows = (await history()).map((h) => [h.kind, h.id, h.from_status, h.to_status, h.at]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['package', 'pkg_1', null, 'queued', '2026-01-01T09:00:00.000Z'],
        ['approval_request', 'ar_1', null, 'IN_PROGRESS', '2026-01-01T09:05:00.000Z'],
        ['package', 'pkg_1', 'queued', 'delivered', '2026-01-01T09:01:00.000Z'],
        ['approval_request', 'ar_1', 'IN_PROGRESS', 'NEEDS_REVISION', '2026-01-01T10:00:00.000Z'],
      ]),
    );
    expect(rows).toHaveLength(4);
  });

  it('reads by status list, never one record at a time while it stays open: a run costs its pages, not its records', async () => {
    const { records, calls, api } = fakeApi();
    for (let i = 0; i < 250; i++) records.package.push({ id: `pkg_${i}`, status: 'delivered' });
    const result = await run(api);
    // 1 page queued, 3 delivered, 1 for each request status
    expect(result.calls).toBe(7);
    expect(calls.filter((c) => c.startsWith('read'))).toEqual([]);
    expect(
      await db
        .selectFrom('watched_records')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({
      n: 250,
    });
  });

  it('keeps when a run ended a sweep, and only then: what Home may read stands as of that time', async () => {
    const { records, api } = fakeApi();
    for (let i = 0; i < 250; i++) records.package.push({ id: `pkg_${i}`, status: 'delivered' });
    const at = (iso: string) => () => new Date(iso);
    await watchOpenRecords({ db, api, maxCalls: 2, now: at('2026-01-01T12:00:00.000Z') });
    expect(await watcherTimes(db)).toEqual({ sweptAt: null, ranAt: '2026-01-01T12:00:00.000Z' });
    await watchOpenRecords({ db, api, maxCalls: 20, now: at('2026-01-01T12:01:00.000Z') });
    expect(await watcherTimes(db)).toEqual({ sweptAt: '2026-01-01T12:01:00.000Z', ranAt: '2026-01-01T12:01:00.000Z' });
    // a run part-way through the next sweep leaves the last sweep's time as it was
    await watchOpenRecords({ db, api, maxCalls: 1, now: at('2026-01-01T12:02:00.000Z') });
    expect(await watcherTimes(db)).toEqual({ sweptAt: '2026-01-01T12:01:00.000Z', ranAt: '2026-01-01T12:02:00.000Z' });
  });

  it('spends at most its share per run and goes on at the next run from where it stopped', async () => {
    const { records, calls, api } = fakeApi();
    for (let i = 0; i < 250; i++) records.package.push({ id: `pkg_${i}`, status: 'delivered' });
    const first = await run(api, 2);
    expect(first.calls).toBe(2);
    expect(first.sweepCompleted).toBe(false);
    expect(calls).toEqual(['list package queued 1', 'list package delivered 1']);
    const second = await run(api, 2);
    expect(second.calls).toBe(2);
    expect(calls.slice(2)).toEqual(['list package delivered 2', 'list package delivered 3']);
    const third = await run(api, 5);
    expect(third.sweepCompleted).toBe(true);
    expect(calls.slice(4)).toEqual([
      'list approval_request DRAFT 1',
      'list approval_request IN_PROGRESS 1',
      'list approval_request NEEDS_REVISION 1',
    ]);
  });

  it('reads once, on its own, a record it followed that no open list holds any more, then stops following it', async () => {
    const { records, calls, api } = fakeApi();
    records.package.push({ id: 'pkg_done', status: 'delivered', delivered_at: '2026-01-01T09:01:00.000Z' });
    await run(api);
    records.package[0] = { ...records.package[0]!, status: 'completed', completed_at: '2026-01-01T11:00:00.000Z' };
    await run(api);
    expect(calls.filter((c) => c.startsWith('read'))).toEqual(['read package pkg_done']);
    await run(api);
    expect(calls.filter((c) => c.startsWith('read'))).toHaveLength(1);
    const last = (await history()).at(-1)!;
    expect([last.from_status, last.to_status, last.at]).toEqual(['delivered', 'completed', '2026-01-01T11:00:00.000Z']);
    const watched = await db.selectFrom('watched_records').selectAll().where('id', '=', 'pkg_done').executeTakeFirstOrThrow();
    expect(watched.finished).toBe(1);
  });

  it('follows what the console sent or submitted even when it finished before any list showed it', async () => {
    const { records, calls, api } = fakeApi();
    records.package.push({ id: 'pkg_sent', status: 'declined', declined_at: '2026-01-01T09:30:00.000Z' });
    records.approval_request.push({ id: 'ar_sub', status: 'APPROVED', completed_at: '2026-01-01T09:40:00.000Z' });
    await db
      .insertInto('bulk_batches')
      .values({
        id: 'b1',
        user_id: 'u',
        template_id: 't',
        template_name: 'T',
        name: 'n',
        state: 'open',
        row_count: 1,
        create_key: 'k',
        create_fingerprint: 'f',
        created_at: 'x',
        updated_at: 'x',
        change_seq: 0,
      })
      .execute();
    await db
      .insertInto('bulk_rows')
      .values({
        batch_id: 'b1',
        position: 0,
        line: 2,
        input: '{}',
        state: 'sent',
        package_id: 'pkg_sent',
        updated_at: 'x',
        change_seq: 0,
      } as never)
      .execute();
    await db
      .insertInto('audit_log')
      .values({
        ...auditRow('2026-01-01T09:00:00.000Z', 'approval_request.submit'),
        target_type: 'approval_request',
        target_id: 'ar_sub',
      })
      .execute();
    await run(api);
    expect(calls.filter((c) => c.startsWith('read')).sort()).toEqual(['read approval_request ar_sub', 'read package pkg_sent']);
    const rows = (await history()).map((h) => [h.id, h.from_status, h.to_status, h.at]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['pkg_sent', null, 'declined', '2026-01-01T09:30:00.000Z'],
        ['ar_sub', null, 'APPROVED', '2026-01-01T09:40:00.000Z'],
      ]),
    );
  });

  it('stops following a record the API no longer shows (404), recording no status for it', async () => {
    const { calls, api } = fakeApi();
    await db
      .insertInto('audit_log')
      .values({
        ...auditRow('2026-01-01T09:00:00.000Z', 'approval_request.submit'),
        target_type: 'approval_request',
        target_id: 'ar_gone',
      })
      .execute();
    await run(api);
    await run(api);
    expect(calls.filter((c) => c.startsWith('read'))).toEqual(['read approval_request ar_gone']);
    expect(await history()).toEqual([]);
  });
});

describe('watchOpenRecords with a backlog', () => {
  it("reads at most one run's share of missed records per sweep, so a backlog never holds the sweeps back for long", async () => {
    const { records, calls, api } = fakeApi();
    for (let i = 0; i < 12; i++) {
      records.package.push({ id: `pkg_old${i}`, status: 'completed', completed_at: '2026-01-01T08:00:00.000Z' });
      await db
        .insertInto('send_records')
        .values({
          id: `sr${i}`,
          user_id: 'u',
          receipt_hash: `h${i}`,
          template_id: 't',
          template_name: null,
          reference: null,
          sender_values: '{}',
          signers: '[]',
          expires_in_days: 7,
          pdf_sha256: null,
          page_count: null,
          previewed_at: '2026-01-01T07:00:00.000Z',
          search_text: '',
          idempotency_key: null,
          package_id: `pkg_old${i}`,
          sent_status: 'queued',
          request_id: null,
          sent_at: '2026-01-01T07:00:00.000Z',
          review: null,
          confirmed_by: null,
          template_version_id: null,
          template_version_number: null,
          field_labels: null,
        })
        .execute();
    }
    const reads = () => calls.filter((c) => c.startsWith('read')).length;
    const lists = () => calls.filter((c) => c.startsWith('list')).length;
    // a sweep: the 5 lists, then at most 7 records on their own, over two runs
    expect(await run(api, 7)).toMatchObject({ calls: 7, sweepCompleted: false });
    expect([lists(), reads()]).toEqual([5, 2]);
    expect(await run(api, 7)).toMatchObject({ calls: 5, sweepCompleted: true });
    expect([lists(), reads()]).toEqual([5, 7]);
    // the next sweep reads its lists first, then the rest of the backlog
    expect(await run(api, 7)).toMatchObject({ calls: 7, sweepCompleted: false });
    expect(await run(api, 7)).toMatchObject({ calls: 3, sweepCompleted: true });
    expect([lists(), reads()]).toEqual([10, 12]);
    expect(await run(api, 7)).toMatchObject({ calls: 5, sweepCompleted: true });
  });
});

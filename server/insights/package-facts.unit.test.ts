import 'server-only';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, migratedDatabases, type Dialect } from '../../tests/support/migrated-databases';
import { migrations } from '../db/migrations';
import type { Database } from '../db/schema';
import { sendRecordRow } from '../notifications/test-rows';
import { recordPreview } from '../send-records/record-preview';
import { recordSend } from '../send-records/record-send';
import { assignPastPackages } from '../teams/assign-packages';
import { recordSeen } from '../watcher/watched-store';

// package_facts (0032) is kept by the database itself: each test writes through the console's
// own code (a send, the watcher's recording, a team assignment) or straight into the tables the
// migration backfills from, and reads what the facts row then says. On SQLite, and on a
// throw-away PostgreSQL where one is installed: the triggers are each dialect's own.

const H = 3_600_000;
const databases = migratedDatabases('package-facts');
afterAll(() => databases.close());

/** A new database of `dialect`, migrated to `upTo` (every migration when not given). */
const freshDb = async (dialect: Dialect, upTo?: string) => (await databases.fresh(dialect, upTo)).db;

const factsOf = (db: Kysely<Database>, id: string) =>
  db.selectFrom('package_facts').selectAll().where('package_id', '=', id).executeTakeFirst();

async function send(db: Kysely<Database>, token: string, packageId: string, at: string, teamId: string | null) {
  await recordPreview(db, {
    userId: 'usr_ann',
    previewToken: token,
    templateId: 'dst_nda',
    templateName: null,
    reference: null,
    senderValues: {},
    signers: [],
    expiresInDays: 14,
    pdf: {},
    at: new Date(Date.parse(at) - 60_000),
  });
  await recordSend(db, {
    previewToken: token,
    packageId,
    status: 'queued',
    templateName: 'NDA',
    idempotencyKey: `key_${token}`,
    requestId: null,
    at: new Date(at),
    userId: 'usr_ann',
    review: null,
    teamId,
  });
}

describe.each(DIALECTS)('package facts (%s)', (dialect) => {
  beforeAll(() => databases.warm(dialect), 120_000);

  it('are written by a send: its time, team, template and sender, not seen yet', async () => {
    const db = await freshDb(dialect);
    await send(db, 'tok_1', 'pkg_1', '2026-11-02T08:00:00.000Z', 'team_a');
    expect(await factsOf(db, 'pkg_1')).toMatchObject({
      from_console: 1,
      sent_at: '2026-11-02T08:00:00.000Z',
      team_id: 'team_a',
      template_id: 'dst_nda',
      template_name: 'NDA',
      user_id: 'usr_ann',
      status: null,
      first_seen_at: null,
      to_complete_ms: null,
    });
    // a preview not sent yet is no package
    await recordPreview(db, {
      userId: 'usr_ann',
      previewToken: 'tok_unsent',
      templateId: 'dst_nda',
      templateName: null,
      reference: null,
      senderValues: {},
      signers: [],
      expiresInDays: 14,
      pdf: {},
      at: new Date(),
    });
    expect(await db.selectFrom('package_facts').select('package_id').execute()).toEqual([{ package_id: 'pkg_1' }]);
  });

  it("follow the watcher's changes: the status now and the time from queued to completed", async () => {
    const db = await freshDb(dialect);
    await send(db, 'tok_2', 'pkg_2', '2026-11-02T08:00:00.000Z', null);
    const now = new Date('2026-11-03T00:00:00.000Z');
    await recordSeen(db, 'package', [{ id: 'pkg_2', status: 'queued', at: '2026-11-02T08:00:05.000Z' }], 'sw1', now);
    expect(await factsOf(db, 'pkg_2')).toMatchObject({
      status: 'queued',
      first_seen_at: '2026-11-02T08:00:05.000Z',
      to_complete_ms: null,
    });
    await recordSeen(db, 'package', [{ id: 'pkg_2', status: 'completed', at: '2026-11-02T10:30:05.250Z' }], 'sw2', now);
    const done = await factsOf(db, 'pkg_2');
    expect(done).toMatchObject({ status: 'completed', first_seen_at: '2026-11-02T08:00:05.000Z' });
    // 2.5 h and a quarter second, to the millisecond (PostgreSQL answers a bigint as text)
    expect(Number(done!.to_complete_ms)).toBe(2.5 * H + 250);
  });

  it('time a completion from the send where the watcher never saw it queued, and not a completion before it', async () => {
    const db = await freshDb(dialect);
    await send(db, 'tok_3', 'pkg_3', '2026-11-02T08:00:00.000Z', null);
    await recordSeen(db, 'package', [{ id: 'pkg_3', status: 'completed', at: '2026-11-02T18:00:00.000Z' }], 's', new Date());
    expect(Number((await factsOf(db, 'pkg_3'))!.to_complete_ms)).toBe(10 * H);
    await send(db, 'tok_4', 'pkg_4', '2026-11-02T08:00:00.000Z', null);
    await recordSeen(db, 'package', [{ id: 'pkg_4', status: 'completed', at: '2026-11-02T07:00:00.000Z' }], 's', new Date());
    expect((await factsOf(db, 'pkg_4'))!.to_complete_ms).toBeNull();
  });

  it('count a package no one sent from here apart, from its first sight', async () => {
    const db = await freshDb(dialect);
    await recordSeen(db, 'package', [{ id: 'pkg_other', status: 'delivered', at: '2026-11-05T10:00:00.000Z' }], 's', new Date());
    expect(await factsOf(db, 'pkg_other')).toMatchObject({
      from_console: 0,
      sent_at: null,
      status: 'delivered',
      first_seen_at: '2026-11-05T10:00:00.000Z',
    });
  });

  it("move with a sender's past packages assigned to a team", async () => {
    const db = await freshDb(dialect);
    const at = new Date().toISOString();
    await db
      .insertInto('teams')
      .values({ id: 'team_z', name: 'Z', name_key: 'z', archived_at: null, created_at: at, updated_at: at })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: 'usr_ann',
        email: 'ann@example.test',
        name: 'Ann',
        password_hash: 'x',
        roles: 'sender',
        disabled: 0,
        session_version: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await send(db, 'tok_5', 'pkg_5', '2026-11-02T08:00:00.000Z', null);
    await assignPastPackages(db, 'team_z', 'usr_ann');
    expect((await factsOf(db, 'pkg_5'))!.team_id).toBe('team_z');
  });

  it('take the team an admin gave a package sent by other means (package_teams), and follow its change and removal', async () => {
    const db = await freshDb(dialect);
    await recordSeen(db, 'package', [{ id: 'pkg_found', status: 'delivered', at: '2026-11-05T10:00:00.000Z' }], 's', new Date());
    expect((await factsOf(db, 'pkg_found'))!.team_id).toBeNull();
    const at = '2026-11-06T09:00:00.000Z';
    await db
      .insertInto('package_teams')
      .values({ package_id: 'pkg_found', team_id: 'team_a', assigned_by: 'usr_adm', assigned_at: at })
      .execute();
    expect(await factsOf(db, 'pkg_found')).toMatchObject({ from_console: 0, team_id: 'team_a', status: 'delivered' });
    await db.updateTable('package_teams').set({ team_id: 'team_b' }).where('package_id', '=', 'pkg_found').execute();
    expect((await factsOf(db, 'pkg_found'))!.team_id).toBe('team_b');
    // The watcher's next pass works the row out again: the team stays.
    await recordSeen(db, 'package', [{ id: 'pkg_found', status: 'completed', at: '2026-11-07T10:00:00.000Z' }], 's2', new Date());
    expect(await factsOf(db, 'pkg_found')).toMatchObject({ team_id: 'team_b', status: 'completed' });
    await db.deleteFrom('package_teams').where('package_id', '=', 'pkg_found').execute();
    expect((await factsOf(db, 'pkg_found'))!.team_id).toBeNull();
    // A package the console sent keeps its send record's team, whatever package_teams says.
    await send(db, 'tok_6', 'pkg_6', '2026-11-02T08:00:00.000Z', 'team_a');
    await db
      .insertInto('package_teams')
      .values({ package_id: 'pkg_6', team_id: 'team_b', assigned_by: 'usr_adm', assigned_at: at })
      .execute();
    expect((await factsOf(db, 'pkg_6'))!.team_id).toBe('team_a');
  });

  it('are worked out again by 0037 for the packages package_teams names, and the others are left as they were', async () => {
    const db = await freshDb(dialect, '0035_assigned_by');
    await recordSeen(db, 'package', [{ id: 'pkg_seen', status: 'delivered', at: '2026-11-05T10:00:00.000Z' }], 's', new Date());
    // sent before 0037, its record as that release wrote it (today's send reads package_teams, not there yet)
    await db
      .insertInto('send_records')
      .values(sendRecordRow('pkg_7', 'usr_ann', new Date('2026-11-02T08:00:00.000Z'), { team_id: 'team_a' }))
      .execute();
    const before = await db.selectFrom('package_facts').selectAll().orderBy('package_id').execute();
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    if (error) throw error;
    expect(await db.selectFrom('package_facts').selectAll().orderBy('package_id').execute()).toEqual(before);
    // The triggers 0037 made again still follow the watcher and the sends.
    await recordSeen(db, 'package', [{ id: 'pkg_7', status: 'completed', at: '2026-11-02T10:00:00.000Z' }], 's2', new Date());
    expect(await factsOf(db, 'pkg_7')).toMatchObject({ team_id: 'team_a', status: 'completed' });
    expect(Number((await factsOf(db, 'pkg_7'))!.to_complete_ms)).toBe(2 * H);
  });

  it('are backfilled by the migration from the sends and the changes recorded before it', async () => {
    const db = await freshDb(dialect, '0031_insights');
    const base = {
      user_id: 'usr_bob',
      template_id: 'dst_lease',
      template_name: 'Lease',
      sender_values: '{}',
      signers: '[]',
      expires_in_days: 7,
      search_text: '',
    };
    await db
      .insertInto('send_records')
      .values([
        {
          ...base,
          id: 'sr_1',
          receipt_hash: 'h1',
          previewed_at: '2026-11-01T09:00:00.000Z',
          package_id: 'pkg_old',
          sent_at: '2026-11-01T09:00:00.000Z',
          team_id: 'team_b',
        },
        { ...base, id: 'sr_2', receipt_hash: 'h2', previewed_at: '2026-11-01T09:00:00.000Z' },
      ])
      .execute();
    await db
      .insertInto('watched_records')
      .values({
        kind: 'package',
        id: 'pkg_old',
        last_status: 'completed',
        last_seen_at: '2026-11-01T12:00:00.000Z',
        finished: 1,
        first_seen_at: '2026-11-01T09:00:00.000Z',
        updated_at: '2026-11-01T12:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('status_history')
      .values([
        {
          kind: 'package',
          id: 'pkg_old',
          from_status: null,
          to_status: 'queued',
          at: '2026-11-01T09:00:01.000Z',
          recorded_at: '2026-11-01T09:01:00.000Z',
        },
        {
          kind: 'package',
          id: 'pkg_old',
          from_status: 'queued',
          to_status: 'completed',
          at: '2026-11-01T12:00:01.000Z',
          recorded_at: '2026-11-01T12:01:00.000Z',
        },
        {
          kind: 'approval_request',
          id: 'req_1',
          from_status: null,
          to_status: 'IN_PROGRESS',
          at: '2026-11-01T09:00:00.000Z',
          recorded_at: '2026-11-01T09:01:00.000Z',
        },
      ])
      .execute();
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    if (error) throw error;
    const rows = await db.selectFrom('package_facts').selectAll().execute();
    // PostgreSQL answers a bigint as text
    expect(rows.map((r) => ({ ...r, to_complete_ms: Number(r.to_complete_ms) }))).toEqual([
      {
        package_id: 'pkg_old',
        from_console: 1,
        sent_at: '2026-11-01T09:00:00.000Z',
        team_id: 'team_b',
        template_id: 'dst_lease',
        template_name: 'Lease',
        user_id: 'usr_bob',
        status: 'completed',
        first_seen_at: '2026-11-01T09:00:01.000Z',
        to_complete_ms: 3 * H,
      },
    ]);
  });
});

import 'server-only';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, migratedDatabases } from '../../tests/support/migrated-databases';
import type { Database } from '../db/schema';
import { batchRow, bulkRowRow, sendRecordRow, userRow } from '../notifications/test-rows';
import { recordPreview } from '../send-records/record-preview';
import { recordSend } from '../send-records/record-send';
import { assignPastPackages } from './assign-packages';
import type { TeamScope } from './scope';
import { visibleRecords } from './visible-records';

// Which team's members see a package, when its send record, its batch and package_teams could
// each say: a package the console sent belongs to its send record's team (a batch's packages
// each have one, given the batch's team when sent), and only a package no send record holds takes
// a team from elsewhere. Written straight into the tables, on both dialects.

const databases = migratedDatabases('visible-records');
afterAll(() => databases.close());

const AT = '2026-11-02T08:00:00.000Z';

async function history(db: Kysely<Database>) {
  for (const id of ['team_a', 'team_b'])
    await db
      .insertInto('teams')
      .values({ id, name: id, name_key: id, archived_at: null, created_at: AT, updated_at: AT })
      .execute();
  await db.insertInto('users').values(userRow('usr_ann', AT)).execute();
  // A batch Ann sent before teams, of two packages, each with its send record of no team.
  await db
    .insertInto('bulk_batches')
    .values(batchRow('bat_1', 'usr_ann', AT, { row_count: 2 }))
    .execute();
  for (const [position, pkg] of [
    [0, 'pkg_1'],
    [1, 'pkg_2'],
  ] as const) {
    await db
      .insertInto('bulk_rows')
      .values(bulkRowRow('bat_1', position, 'sent', AT, { package_id: pkg, sent_at: AT }))
      .execute();
    await db
      .insertInto('send_records')
      .values(sendRecordRow(pkg, 'usr_ann', new Date(AT)))
      .execute();
  }
  // A package sent by other means that an admin gave to team b.
  await db
    .insertInto('package_teams')
    .values({ package_id: 'pkg_other', team_id: 'team_b', assigned_by: 'usr_admin', assigned_at: AT })
    .execute();
}

const packages = ['pkg_1', 'pkg_2', 'pkg_other', 'pkg_unknown'];
const seenBy = async (db: Kysely<Database>, scope: TeamScope) =>
  [
    ...(await visibleRecords(
      db,
      scope,
      packages.map((id) => ({ kind: 'package' as const, id })),
    )),
  ]
    .map((k) => k.slice('package:'.length))
    .sort();
const team = (id: string): TeamScope => ({ kind: 'teams', teamIds: [id] });
const noTeam: TeamScope = { kind: 'teams', teamIds: [], noTeam: true };

describe.each(DIALECTS)('which team sees a package (%s)', (dialect) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    ({ db } = await databases.fresh(dialect));
    await history(db);
  }, 120_000);

  it('a batch of no team: its packages are of no team, and one given to a team one at a time is that team’s alone', async () => {
    expect(await seenBy(db, noTeam)).toEqual(['pkg_1', 'pkg_2', 'pkg_unknown']);
    // an admin gives pkg_1 to team a from its page (server/teams/assign-record.ts: its send record)
    await db
      .updateTable('send_records')
      .set({ team_id: 'team_a' })
      .where('package_id', '=', 'pkg_1')
      .where('team_id', 'is', null)
      .execute();
    expect(await seenBy(db, team('team_a'))).toEqual(['pkg_1']);
    expect(await seenBy(db, noTeam)).toEqual(['pkg_2', 'pkg_unknown']);
  });

  it("then Ann's past packages go to team b: the batch and pkg_2 with them, pkg_1 staying team a's", async () => {
    expect(await assignPastPackages(db, 'team_b', 'usr_ann')).toMatchObject({ packages: 1, batches: 1 });
    expect(await seenBy(db, team('team_a'))).toEqual(['pkg_1']);
    expect(await seenBy(db, team('team_b'))).toEqual(['pkg_2', 'pkg_other']);
    expect(await seenBy(db, noTeam)).toEqual(['pkg_unknown']);
  });

  it('a package given to a team while its send looked made by other means stays that team’s when the send is settled', async () => {
    await db
      .insertInto('package_teams')
      .values({ package_id: 'pkg_late', team_id: 'team_a', assigned_by: 'usr_admin', assigned_at: AT })
      .execute();
    await recordPreview(db, {
      userId: 'usr_ann',
      previewToken: 'tok_late',
      templateId: 'dst_nda',
      templateName: 'NDA',
      reference: null,
      senderValues: {},
      signers: [],
      expiresInDays: 14,
      pdf: {},
      at: new Date(AT),
    });
    await recordSend(db, {
      previewToken: 'tok_late',
      packageId: 'pkg_late',
      status: 'queued',
      templateName: null,
      idempotencyKey: 'key_late',
      requestId: null,
      at: new Date(AT),
      userId: 'usr_ann',
      review: null,
      teamId: 'team_b',
    });
    const late = async (scope: TeamScope) =>
      visibleRecords(db, scope, [{ kind: 'package', id: 'pkg_late' }]).then((seen) => seen.has('package:pkg_late'));
    expect([await late(team('team_a')), await late(team('team_b')), await late(noTeam)]).toEqual([true, false, false]);
  });
});

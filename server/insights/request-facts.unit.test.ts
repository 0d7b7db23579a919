import 'server-only';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, migratedDatabases, type Dialect } from '../../tests/support/migrated-databases';
import { recordSubmission } from '../approval-requests/approval-submissions';
import type { Database } from '../db/schema';
import { recordSeen } from '../watcher/watched-store';

// request_facts (0036) is kept by the database itself: each test writes through the console's
// own code (a submission, the watcher's recording) or straight into the tables the migration
// backfills from, and reads what the facts row then says. On SQLite, and on a throw-away
// PostgreSQL where one is installed: the triggers are each dialect's own.

const H = 3_600_000;
const databases = migratedDatabases('request-facts');
afterAll(() => databases.close());
const freshDb = (dialect: Dialect, upTo?: string) => databases.fresh(dialect, upTo);

const factsOf = (db: Kysely<Database>, id: string) =>
  db.selectFrom('request_facts').selectAll().where('request_id', '=', id).executeTakeFirst();

const seen = (db: Kysely<Database>, id: string, status: string, at: string) =>
  recordSeen(db, 'approval_request', [{ id, status, at }], `sweep_${at}`, new Date(at));

const submit = (db: Kysely<Database>, id: string, teamId: string | null) =>
  recordSubmission(
    db,
    { id, workflow_name: 'Purchase' },
    { userId: 'usr_ann', teamId, workflowId: 'wf_buy', at: '2026-11-02T09:00:00.000Z' },
  );

describe.each(DIALECTS)('request facts (%s)', (dialect) => {
  beforeAll(() => databases.warm(dialect), 120_000);

  it("follow the watcher's changes: submitted, sent back, decided, and the time it took", async () => {
    const { db } = await freshDb(dialect);
    await submit(db, 'ar_1', 'team_a');
    // submitted, nothing seen yet: no facts (no figure counts a request the watcher never saw)
    expect(await factsOf(db, 'ar_1')).toBeUndefined();
    await seen(db, 'ar_1', 'IN_PROGRESS', '2026-11-02T09:00:00.000Z');
    expect(await factsOf(db, 'ar_1')).toMatchObject({
      submitted_at: '2026-11-02T09:00:00.000Z',
      decided_at: null,
      revisions: 0,
      first_status: 'IN_PROGRESS',
      to_decision_ms: null,
      noted: 1,
      team_id: 'team_a',
      workflow_id: 'wf_buy',
      workflow_name: 'Purchase',
      user_id: 'usr_ann',
      assigned_by: null,
    });
    await seen(db, 'ar_1', 'NEEDS_REVISION', '2026-11-03T09:00:00.000Z');
    await seen(db, 'ar_1', 'IN_PROGRESS', '2026-11-03T12:00:00.000Z');
    await seen(db, 'ar_1', 'APPROVED', '2026-11-04T09:00:00.250Z');
    const done = await factsOf(db, 'ar_1');
    // submitted at its first IN_PROGRESS, not its second; 48 h and a quarter second (PostgreSQL answers a bigint as text)
    expect(done).toMatchObject({
      submitted_at: '2026-11-02T09:00:00.000Z',
      decided_at: '2026-11-04T09:00:00.250Z',
      decision: 'APPROVED',
      revisions: 1,
    });
    expect(Number(done!.to_decision_ms)).toBe(48 * H + 250);
  });

  it('take the submission written after the history, follow its team, and forget it when it goes', async () => {
    const { db } = await freshDb(dialect);
    await seen(db, 'ar_2', 'DRAFT', '2026-11-01T10:00:00.000Z');
    await seen(db, 'ar_2', 'IN_PROGRESS', '2026-11-03T10:00:00.000Z');
    expect(await factsOf(db, 'ar_2')).toMatchObject({ noted: 0, team_id: null, first_status: 'DRAFT' });
    await submit(db, 'ar_2', null);
    expect(await factsOf(db, 'ar_2')).toMatchObject({ noted: 1, team_id: null, workflow_id: 'wf_buy' });
    // an admin gives it to a team (server/teams/assign-record.ts updates the note)
    await db.updateTable('approval_submissions').set({ team_id: 'team_b' }).where('request_id', '=', 'ar_2').execute();
    expect(await factsOf(db, 'ar_2')).toMatchObject({ noted: 1, team_id: 'team_b' });
    await db.deleteFrom('approval_submissions').where('request_id', '=', 'ar_2').execute();
    expect(await factsOf(db, 'ar_2')).toMatchObject({ noted: 0, team_id: null, workflow_id: null });
    // and a history that is gone takes its facts with it
    await db.deleteFrom('status_history').where('id', '=', 'ar_2').execute();
    expect(await factsOf(db, 'ar_2')).toBeUndefined();
  });

  it('mark a request the watcher first saw decided, and one an admin noted when assigning it', async () => {
    const { db } = await freshDb(dialect);
    await seen(db, 'ar_3', 'REJECTED', '2026-11-05T10:00:00.000Z');
    expect(await factsOf(db, 'ar_3')).toMatchObject({
      submitted_at: null,
      decided_at: '2026-11-05T10:00:00.000Z',
      decision: 'REJECTED',
      first_status: 'REJECTED',
      to_decision_ms: null,
    });
    await db
      .insertInto('approval_submissions')
      .values({
        request_id: 'ar_3',
        user_id: 'usr_admin',
        team_id: 'team_a',
        workflow_id: '',
        workflow_name: null,
        submitted_at: '2026-11-05T10:00:00.000Z',
        assigned_by: 'usr_admin',
      })
      .execute();
    expect(await factsOf(db, 'ar_3')).toMatchObject({ noted: 1, team_id: 'team_a', assigned_by: 'usr_admin' });
  });

  it('are filled from the history recorded before the migration', async () => {
    const { db, migrator } = await freshDb(dialect, '0035_assigned_by');
    await db
      .insertInto('status_history')
      .values([
        {
          kind: 'approval_request',
          id: 'ar_old',
          from_status: null,
          to_status: 'IN_PROGRESS',
          at: '2026-10-01T08:00:00.000Z',
          recorded_at: '2026-10-01T08:00:00.000Z',
        },
        {
          kind: 'approval_request',
          id: 'ar_old',
          from_status: 'IN_PROGRESS',
          to_status: 'APPROVED',
          at: '2026-10-01T14:00:00.000Z',
          recorded_at: '2026-10-01T14:00:00.000Z',
        },
        {
          kind: 'package',
          id: 'pkg_old',
          from_status: null,
          to_status: 'queued',
          at: '2026-10-01T08:00:00.000Z',
          recorded_at: '2026-10-01T08:00:00.000Z',
        },
      ])
      .execute();
    await submit(db, 'ar_old', 'team_a');
    await db
      .insertInto('approval_layer_visits')
      .values({
        request_id: 'ar_old',
        visit: 0,
        layer: 1,
        name: 'Legal',
        entered_at: '2026-10-01T08:00:00.000Z',
        decided_at: '2026-10-01T13:30:00.000Z',
        decision: 'APPROVED',
        due_at: null,
        updated_at: '2026-10-01T14:00:00.000Z',
      })
      .execute();
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(await db.selectFrom('request_facts').select('request_id').execute()).toEqual([{ request_id: 'ar_old' }]);
    const old = await factsOf(db, 'ar_old');
    expect(old).toMatchObject({ submitted_at: '2026-10-01T08:00:00.000Z', decision: 'APPROVED', team_id: 'team_a' });
    expect(Number(old!.to_decision_ms)).toBe(6 * H);
    // the visit kept before it is timed too, and one written after is timed as it is written
    const took = () =>
      db
        .selectFrom('approval_layer_visits')
        .select(['visit', 'took_ms'])
        .where('request_id', '=', 'ar_old')
        .orderBy('visit')
        .execute();
    expect((await took()).map((v) => Number(v.took_ms))).toEqual([5.5 * H]);
    await db
      .updateTable('approval_layer_visits')
      .set({ decided_at: '2026-10-01T09:00:00.000Z' })
      .where('request_id', '=', 'ar_old')
      .execute();
    expect((await took()).map((v) => Number(v.took_ms))).toEqual([H]);
  });
});

import 'server-only';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, migratedDatabases, type Dialect } from '../../tests/support/migrated-databases';
import type { Database } from '../db/schema';
import { EVERYTHING, type TeamScope } from '../teams/scope';
import { approvalFigures } from './approval-figures';
import type { ApprovalFilters, ApprovalSource } from './approval-requests-in';
import { periodOf } from './period';

// The approval figures over a hand-made history (the watcher's status changes and layer
// visits, the console's submissions) in a database made by the migrations: every count and
// time below is worked out by hand from the rows inserted here. The database groups and times
// them (request_facts, kept by its triggers), so on SQLite and on a throw-away PostgreSQL where
// one is installed.

const databases = migratedDatabases('approval-figures');
let db: Kysely<Database>;
const H = 3_600_000;
const NOW = new Date('2026-11-08T12:00:00.000Z');

async function change(id: string, from: string | null, to: string, at: string) {
  await db
    .insertInto('status_history')
    .values({ kind: 'approval_request', id, from_status: from, to_status: to, at, recorded_at: at })
    .execute();
}

async function submission(id: string, o: { team: string | null; workflow: string; user?: string; at: string }) {
  await db
    .insertInto('approval_submissions')
    .values({
      request_id: id,
      user_id: o.user ?? 'usr_ann',
      team_id: o.team,
      workflow_id: o.workflow,
      workflow_name: o.workflow === 'wf_buy' ? 'Purchase' : 'Hiring',
      submitted_at: o.at,
    })
    .execute();
}

async function visit(
  id: string,
  n: number,
  o: { layer: number | null; name: string; entered?: string | null; decided?: string | null; due?: string | null },
) {
  await db
    .insertInto('approval_layer_visits')
    .values({
      request_id: id,
      visit: n,
      layer: o.layer,
      name: o.name,
      entered_at: o.entered ?? null,
      decided_at: o.decided ?? null,
      decision: o.decided ? 'APPROVED' : null,
      due_at: o.due ?? null,
      updated_at: NOW.toISOString(),
    })
    .execute();
}

const source = (filters: ApprovalFilters = {}, scope: TeamScope = EVERYTHING): ApprovalSource => ({ db, scope, filters });
// 1..7 November 2026 in Berlin (UTC+1): from 31 Oct 23:00 UTC to 7 Nov 23:00 UTC.
const week = periodOf({ period: 'custom', from: '2026-11-01', to: '2026-11-07', tz: 'Europe/Berlin' }, NOW);
const october = periodOf({ period: 'custom', from: '2026-10-12', to: '2026-10-18', tz: 'Europe/Berlin' }, NOW);
const empty = periodOf({ period: 'custom', from: '2026-09-01', to: '2026-09-07', tz: 'Europe/Berlin' }, NOW);
const teamA: TeamScope = { kind: 'teams', teamIds: ['team_a'] };

/** A database of `dialect` holding the history every test below reads. */
async function historyIn(dialect: Dialect) {
  ({ db } = await databases.fresh(dialect));
  // r1 (team a, Purchase, Ann): submitted 2 Nov 09:00, sent back once, approved 4 Nov 09:00 (48 h)
  await submission('r1', { team: 'team_a', workflow: 'wf_buy', at: '2026-11-02T09:00:00.000Z' });
  await change('r1', null, 'IN_PROGRESS', '2026-11-02T09:00:00.000Z');
  await change('r1', 'IN_PROGRESS', 'NEEDS_REVISION', '2026-11-03T09:00:00.000Z');
  await change('r1', 'NEEDS_REVISION', 'IN_PROGRESS', '2026-11-03T12:00:00.000Z');
  await change('r1', 'IN_PROGRESS', 'APPROVED', '2026-11-04T09:00:00.000Z');
  // Legal: 24 h, due after 24 h (met, to the second); Legal again after the revision: 21 h, due after 12 h (missed)
  await visit('r1', 0, {
    layer: 1,
    name: 'Legal',
    entered: '2026-11-02T09:00:00.000Z',
    decided: '2026-11-03T09:00:00.000Z',
    due: '2026-11-03T09:00:00.000Z',
  });
  await visit('r1', 1, {
    layer: 1,
    name: 'Legal',
    entered: '2026-11-03T12:00:00.000Z',
    decided: '2026-11-04T09:00:00.000Z',
    due: '2026-11-04T00:00:00.000Z',
  });
  // r2 (team b, Hiring, Bob): a draft submitted 3 Nov 10:00, rejected 6 h later; its step's deadline never seen
  await submission('r2', { team: 'team_b', workflow: 'wf_hire', user: 'usr_bob', at: '2026-11-01T10:00:00.000Z' });
  await change('r2', null, 'DRAFT', '2026-11-01T10:00:00.000Z');
  await change('r2', 'DRAFT', 'IN_PROGRESS', '2026-11-03T10:00:00.000Z');
  await change('r2', 'IN_PROGRESS', 'REJECTED', '2026-11-03T16:00:00.000Z');
  await visit('r2', 0, { layer: 1, name: 'HR', entered: '2026-11-03T10:00:00.000Z', decided: '2026-11-03T16:00:00.000Z' });
  // r3 (team a, Purchase): still open in Legal, past its deadline at NOW (8 Nov 12:00); a step whose entry the API did not tell
  await submission('r3', { team: 'team_a', workflow: 'wf_buy', at: '2026-11-06T10:00:00.000Z' });
  await change('r3', null, 'IN_PROGRESS', '2026-11-06T10:00:00.000Z');
  await visit('r3', 0, { layer: 1, name: 'Legal', entered: null, due: '2026-11-07T10:00:00.000Z' });
  // r4 (team a): submitted before the period
  await submission('r4', { team: 'team_a', workflow: 'wf_buy', at: '2026-10-20T10:00:00.000Z' });
  await change('r4', null, 'IN_PROGRESS', '2026-10-20T10:00:00.000Z');
  await change('r4', 'IN_PROGRESS', 'APPROVED', '2026-11-02T10:00:00.000Z');
  // r5: not submitted from the console (no submission): in progress from 5 Nov 10:00, approved 10 h later, no steps kept
  await change('r5', null, 'IN_PROGRESS', '2026-11-05T10:00:00.000Z');
  await change('r5', 'IN_PROGRESS', 'APPROVED', '2026-11-05T20:00:00.000Z');
  // r6: first seen already decided (the watcher began after its submission): not submitted in the period as far as it knows
  await change('r6', null, 'APPROVED', '2026-11-05T10:00:00.000Z');
  // The week of 12 to 18 October, apart: what the week above does not hold.
  // o1 (Purchase): sent back three times, then cancelled (neither approved nor rejected)
  await submission('o1', { team: 'team_a', workflow: 'wf_buy', at: '2026-10-13T09:00:00.000Z' });
  await change('o1', null, 'IN_PROGRESS', '2026-10-13T09:00:00.000Z');
  for (const day of ['14', '15', '16']) {
    await change('o1', 'IN_PROGRESS', 'NEEDS_REVISION', `2026-10-${day}T09:00:00.000Z`);
    await change('o1', 'NEEDS_REVISION', 'IN_PROGRESS', `2026-10-${day}T10:00:00.000Z`);
  }
  await change('o1', 'IN_PROGRESS', 'CANCELLED', '2026-10-17T09:00:00.000Z');
  // its step's decision is dated before its entry: counted, not timed
  await visit('o1', 0, { layer: 1, name: 'Legal', entered: '2026-10-13T12:00:00.000Z', decided: '2026-10-13T09:00:00.000Z' });
  // o2 (Purchase): first seen sent back (the watcher began later), then in progress again on 14 October
  await submission('o2', { team: 'team_a', workflow: 'wf_buy', at: '2026-10-12T09:00:00.000Z' });
  await change('o2', null, 'NEEDS_REVISION', '2026-10-13T08:00:00.000Z');
  await change('o2', 'NEEDS_REVISION', 'IN_PROGRESS', '2026-10-14T08:00:00.000Z');
  // o3: made by other means, noted when an admin gave it to team a: of no workflow the console knows
  await db
    .insertInto('approval_submissions')
    .values({
      request_id: 'o3',
      user_id: 'usr_admin',
      team_id: 'team_a',
      workflow_id: '',
      workflow_name: null,
      submitted_at: '2026-10-20T00:00:00.000Z',
      assigned_by: 'usr_admin',
    })
    .execute();
  await change('o3', null, 'IN_PROGRESS', '2026-10-15T08:00:00.000Z');
}

describe.each(DIALECTS)('on %s', (dialect) => {
  beforeAll(() => historyIn(dialect), 120_000);
  afterAll(() => databases.close());

  describe('approval figures, seen by an admin', () => {
    it('counts submissions per week, decisions, time to decision and revision rounds, those not from the console apart', async () => {
      const a = await approvalFigures(source(), week, NOW);
      // 1 Nov (a Sunday) is its own week; 2..7 Nov the next: r1, r2, r3, r5
      expect(a.submitted_per_week).toEqual([
        { from: '2026-11-01', to: '2026-11-01', count: 0 },
        { from: '2026-11-02', to: '2026-11-07', count: 4 },
      ]);
      expect(a.decisions).toEqual([
        { decision: 'APPROVED', count: 2 },
        { decision: 'REJECTED', count: 1 },
        { decision: 'other', count: 0 },
        { decision: 'open', count: 1 },
      ]);
      // 48 h, 6 h, 10 h: median 10 h, p90 10 + 0.8 × 38 = 40.4 h
      expect([a.time_to_decision.count, a.time_to_decision.median_ms]).toEqual([3, 10 * H]);
      expect(a.time_to_decision.p90_ms! / H).toBeCloseTo(40.4, 9);
      expect(a.revision_rounds.map((r) => r.count)).toEqual([3, 1, 0, 0]);
      expect(a.not_from_console).toBe(1);
      expect(a.first_seen_later).toBe(0);
    });

    it('gives each workflow its submissions, decisions, times and revisions; those not from the console last', async () => {
      const a = await approvalFigures(source(), week, NOW);
      expect(a.by_workflow.map(({ time_to_decision, ...w }) => ({ ...w, median_h: time_to_decision.median_ms! / H }))).toEqual([
        // Purchase: r1 (48 h, one revision) and r3 (open)
        {
          workflow_id: 'wf_buy',
          workflow_name: 'Purchase',
          submitted: 2,
          approved: 1,
          rejected: 0,
          other: 0,
          open: 1,
          revised: 1,
          revision_rounds: 1,
          median_h: 48,
        },
        {
          workflow_id: 'wf_hire',
          workflow_name: 'Hiring',
          submitted: 1,
          approved: 0,
          rejected: 1,
          other: 0,
          open: 0,
          revised: 0,
          revision_rounds: 0,
          median_h: 6,
        },
        {
          workflow_id: null,
          workflow_name: null,
          submitted: 1,
          approved: 1,
          rejected: 0,
          other: 0,
          open: 0,
          revised: 0,
          revision_rounds: 0,
          median_h: 10,
        },
      ]);
    });

    it('times each layer from entry to decision and counts how its SLA went', async () => {
      const a = await approvalFigures(source(), week, NOW);
      expect(
        a.layers.map((l) => [
          l.workflow_name,
          l.name,
          l.visits,
          l.start_not_told,
          l.time_in_layer.count,
          l.time_in_layer.median_ms! / H,
          l.sla,
        ]),
      ).toEqual([
        ['Hiring', 'HR', 1, 0, 1, 6, { met: 0, missed: 0, overdue: 0, pending: 0, not_seen: 1 }],
        // Legal of Purchase: 24 h and 21 h timed (median 22.5 h), r3's untimed; met, missed, overdue
        ['Purchase', 'Legal', 3, 1, 2, 22.5, { met: 1, missed: 1, overdue: 1, pending: 0, not_seen: 0 }],
      ]);
      expect(a.sla).toEqual({ met: 1, missed: 1, overdue: 1, pending: 0, not_seen: 1 });
      // r5 left no steps
      expect(a.layers_not_told).toBe(1);
      // a day earlier, r3's deadline was still ahead
      const before = await approvalFigures(source(), week, new Date('2026-11-07T09:00:00.000Z'));
      expect(before.sla).toMatchObject({ overdue: 0, pending: 1 });
    });

    it('narrows to a team, a workflow or a sender, leaving out what the console did not submit', async () => {
      const hire = await approvalFigures(source({ workflow: 'wf_hire' }), week, NOW);
      expect(hire.by_workflow.map((w) => [w.workflow_id, w.submitted])).toEqual([['wf_hire', 1]]);
      expect(hire.layers.map((l) => l.name)).toEqual(['HR']);
      expect(hire.not_from_console).toBe(0);
      const bob = await approvalFigures(source({ sender: 'usr_bob' }), week, NOW);
      expect(bob.decisions.find((d) => d.decision === 'REJECTED')?.count).toBe(1);
      expect(bob.submitted_per_week.reduce((n, b) => n + b.count, 0)).toBe(1);
      const a = await approvalFigures(source({ team: 'team_a' }), week, NOW);
      expect(a.by_workflow.map((w) => [w.workflow_id, w.submitted])).toEqual([['wf_buy', 2]]);
    });

    it('counts other endings, three or more rounds, requests first seen later and assigned ones apart, and leaves out a negative time', async () => {
      const a = await approvalFigures(source(), october, NOW);
      expect(a.decisions).toEqual([
        { decision: 'APPROVED', count: 0 },
        { decision: 'REJECTED', count: 0 },
        { decision: 'other', count: 1 },
        { decision: 'open', count: 2 },
      ]);
      // o1 decided in 4 days; the open ones not timed
      expect(a.time_to_decision).toEqual({ count: 1, median_ms: 96 * H, p90_ms: 96 * H });
      // o3 none, o2 one (the revision it was first seen in), o1 three
      expect(a.revision_rounds.map((r) => r.count)).toEqual([1, 1, 0, 1]);
      expect([a.first_seen_later, a.not_from_console]).toEqual([1, 1]);
      expect(a.by_workflow.map((w) => [w.workflow_id, w.submitted, w.other, w.open, w.revised, w.revision_rounds])).toEqual([
        ['wf_buy', 2, 1, 1, 2, 4],
        [null, 1, 0, 1, 0, 0],
      ]);
      expect(a.layers.map((l) => [l.name, l.visits, l.time_in_layer.count, l.time_in_layer.median_ms])).toEqual([
        ['Legal', 1, 0, null],
      ]);
      // the assigned request is no one's submission: a sender or workflow filter leaves it out, its team holds it
      expect((await approvalFigures(source({ sender: 'usr_admin' }), october, NOW)).by_workflow).toEqual([]);
      expect((await approvalFigures(source({ workflow: 'wf_buy' }), october, NOW)).not_from_console).toBe(0);
      expect((await approvalFigures(source({}, teamA), october, NOW)).not_from_console).toBe(1);
    });

    it('answers an empty period with zeros and no medians', async () => {
      const a = await approvalFigures(source(), empty, NOW);
      expect(a.submitted_per_week.every((b) => b.count === 0)).toBe(true);
      expect(a.time_to_decision).toEqual({ count: 0, median_ms: null, p90_ms: null });
      expect([a.by_workflow, a.layers, a.not_from_console, a.layers_not_told]).toEqual([[], [], 0, 0]);
      expect(a.sla).toEqual({ met: 0, missed: 0, overdue: 0, pending: 0, not_seen: 0 });
    });
  });

  describe('approval figures, seen through a team', () => {
    it("counts only the team's own requests: not another team's, nor those not submitted from the console", async () => {
      const a = await approvalFigures(source({}, teamA), week, NOW);
      // r1 and r3 only
      expect(a.submitted_per_week.reduce((n, b) => n + b.count, 0)).toBe(2);
      expect(a.decisions.map((d) => d.count)).toEqual([1, 0, 0, 1]);
      expect(a.time_to_decision.median_ms).toBe(48 * H);
      expect(a.not_from_console).toBe(0);
      expect(a.by_workflow.map((w) => w.workflow_id)).toEqual(['wf_buy']);
      expect(a.layers.map((l) => l.name)).toEqual(['Legal']);
      expect(a.layers_not_told).toBe(0);
      // a team filter within the scope narrows to that team; the other team's, through this scope, to nothing
      const other = await approvalFigures(source({ team: 'team_b' }, teamA), week, NOW);
      expect(other.by_workflow).toEqual([]);
    });

    it('counts nothing for a reader of no team', async () => {
      const a = await approvalFigures(source({}, { kind: 'teams', teamIds: [] }), week, NOW);
      expect(a.submitted_per_week.every((b) => b.count === 0)).toBe(true);
      expect(a.by_workflow).toEqual([]);
    });
  });
});

import 'server-only';
import { sql } from 'kysely';
import { approvalLayers } from './approval-layers';
import { factsSubmittedIn, type ApprovalSource } from './approval-requests-in';
import { countsPerBucket } from './bucket-case';
import { orderedTimes, timesOf } from './ordered-times';
import { summarise } from './percentiles';
import { bucketsOf, type Period } from './period';

/** Revision rounds are counted 0, 1, 2 and "3 or more". */
export const REVISION_ROUNDS = ['0', '1', '2', '3+'] as const;

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

/**
 * The period's approval requests (approval-requests-in.ts: submitted in it, within the reader's
 * teams and the filters) per week, how they were decided, how long a decision took (median,
 * 90th percentile), their revision rounds, the same per workflow, and the time they spent in
 * each layer with its SLA (approval-layers.ts). `first_seen_later`: requests the watcher first
 * saw past their submission, whose early steps it did not see; `not_from_console`: requests
 * the console did not submit, counted for a reader who sees everything but of no workflow it knows.
 * Counted by the database from request_facts, grouped by workflow (a year is 20,000 requests
 * and a handful of workflows), and the weeks as ranges of its index.
 */
export async function approvalFigures(source: ApprovalSource, period: Period, now = new Date()) {
  const weeks = bucketsOf(period.from, period.to, period.tz, 'week');
  const workflow = sql<string | null>`case when f.assigned_by is null then f.workflow_id end`;
  const count = (when: ReturnType<typeof sql>) => sql<number>`sum(case when ${when} then 1 else 0 end)`;
  const perWeek = weeks.map((w, i) =>
    factsSubmittedIn(source, { start: w.start, end: w.end }).select([sql.lit(i).as('bucket'), sql<number>`count(*)`.as('count')]),
  );
  const [groups, weekCounts] = await Promise.all([
    factsSubmittedIn(source, period)
      .select([
        workflow.as('workflow_id'),
        sql<string | null>`max(case when f.assigned_by is null then f.workflow_name end)`.as('workflow_name'),
        sql<number>`count(*)`.as('submitted'),
        count(sql`f.decided_at is not null and f.decision = 'APPROVED'`).as('approved'),
        count(sql`f.decided_at is not null and f.decision = 'REJECTED'`).as('rejected'),
        count(sql`f.decided_at is not null`).as('decided'),
        count(sql`f.revisions > 0`).as('revised'),
        sql<number>`sum(f.revisions)`.as('revision_rounds'),
        ...REVISION_ROUNDS.map((r) =>
          count(r === '3+' ? sql`f.revisions >= 3` : sql`f.revisions = ${sql.lit(Number(r))}`).as(`rounds_${r}`),
        ),
        // What the watcher saw first was neither a draft nor the submission: it began later.
        count(sql`coalesce(f.first_status, '') not in ('DRAFT', 'IN_PROGRESS')`).as('first_seen_later'),
        orderedTimes(source.db, sql.ref('f.to_decision_ms')).as('times'),
      ])
      .groupBy(workflow)
      .execute(),
    perWeek.length === 0
      ? []
      : perWeek
          .slice(1)
          .reduce((all, q) => all.unionAll(q), perWeek[0]!)
          .execute(),
  ]);
  const submitted = {
    count: groups.reduce((sum, g) => sum + n(g.submitted), 0),
    names: new Map(groups.map((g) => [g.workflow_id ?? null, g.workflow_name ?? null])),
  };
  const layers = await approvalLayers(source, period, submitted, now);
  const outcome = (g: (typeof groups)[number]) => ({
    approved: n(g.approved),
    rejected: n(g.rejected),
    other: n(g.decided) - n(g.approved) - n(g.rejected),
    open: n(g.submitted) - n(g.decided),
  });
  const sum = (pick: (g: (typeof groups)[number]) => number) => groups.reduce((total, g) => total + pick(g), 0);
  const all = {
    approved: sum((g) => outcome(g).approved),
    rejected: sum((g) => outcome(g).rejected),
    other: sum((g) => outcome(g).other),
    open: sum((g) => outcome(g).open),
  };
  const times = groups.map((g) => timesOf(g.times));
  return {
    submitted_per_week: countsPerBucket(weeks, weekCounts),
    decisions: [
      { decision: 'APPROVED', count: all.approved },
      { decision: 'REJECTED', count: all.rejected },
      { decision: 'other', count: all.other },
      { decision: 'open', count: all.open },
    ],
    time_to_decision: summarise(times.flat()),
    revision_rounds: REVISION_ROUNDS.map((rounds) => ({ rounds, count: sum((g) => n(g[`rounds_${rounds}`])) })),
    first_seen_later: sum((g) => n(g.first_seen_later)),
    not_from_console: sum((g) => (g.workflow_id === null ? n(g.submitted) : 0)),
    by_workflow: groups
      .map((g, i) => ({
        workflow_id: g.workflow_id ?? null,
        workflow_name: g.workflow_name ?? null,
        submitted: n(g.submitted),
        ...outcome(g),
        time_to_decision: summarise(times[i]!, true),
        revised: n(g.revised),
        revision_rounds: n(g.revision_rounds),
      }))
      // the most used first; those not submitted from the console last
      .sort((a, b) =>
        a.workflow_id === null
          ? 1
          : b.workflow_id === null
            ? -1
            : b.submitted - a.submitted || (a.workflow_name ?? a.workflow_id).localeCompare(b.workflow_name ?? b.workflow_id),
      ),
    ...layers,
  };
}

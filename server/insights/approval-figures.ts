import 'server-only';
import { approvalLayers } from './approval-layers';
import { submittedIn, type ApprovalSource, type RequestRow } from './approval-requests-in';
import { countsPerBucket } from './bucket-case';
import { bucketsOf, type Period } from './period';
import { summarise } from './percentiles';

/** Revision rounds are counted 0, 1, 2 and "3 or more". */
export const REVISION_ROUNDS = ['0', '1', '2', '3+'] as const;

const tookMs = (r: RequestRow) => {
  if (r.decided_at === null) return null;
  const took = Date.parse(r.decided_at) - Date.parse(r.submitted_at);
  return Number.isFinite(took) && took >= 0 ? took : null;
};

/** How a group of requests was decided, how long that took and how often they were sent back. */
function outcomes(rows: readonly RequestRow[]) {
  const decisions = { APPROVED: 0, REJECTED: 0, other: 0, open: 0 };
  const durations: number[] = [];
  let revised = 0;
  let revisionRounds = 0;
  for (const r of rows) {
    if (r.decided_at === null) decisions.open += 1;
    else if (r.decision === 'APPROVED' || r.decision === 'REJECTED') decisions[r.decision] += 1;
    else decisions.other += 1;
    const took = tookMs(r);
    if (took !== null) durations.push(took);
    if (r.revisions > 0) revised += 1;
    revisionRounds += r.revisions;
  }
  return { decisions, time_to_decision: summarise(durations), revised, revision_rounds: revisionRounds };
}

/**
 * The period's approval requests (approval-requests-in.ts: submitted in it, within the reader's
 * teams and the filters) per week, how they were decided, how long a decision took (median,
 * 90th percentile), their revision rounds, the same per workflow, and the time they spent in
 * each layer with its SLA (approval-layers.ts). `first_seen_later`: requests the watcher first
 * saw past their submission, whose early steps it did not see; `not_from_console`: requests
 * the console did not submit, counted for a reader who sees everything but of no workflow it knows.
 */
export async function approvalFigures(source: ApprovalSource, period: Period, now = new Date()) {
  const submitted = await submittedIn(source, period);
  const weeks = bucketsOf(period.from, period.to, period.tz, 'week');
  // Each request into its week by a binary search of the weeks' starts: a year is 53 weeks and
  // 20,000 requests, where filtering the rows once per week compared a million times.
  const counts = new Array<number>(weeks.length).fill(0);
  for (const r of submitted) {
    let lo = 0;
    let hi = weeks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (weeks[mid]!.start <= r.submitted_at) lo = mid;
      else hi = mid - 1;
    }
    const week = weeks[lo];
    if (week && r.submitted_at >= week.start && r.submitted_at < week.end) counts[lo]! += 1;
  }
  const perWeek = countsPerBucket(
    weeks,
    counts.map((count, bucket) => ({ bucket, count })),
  );
  const all = outcomes(submitted);
  const rounds = Object.fromEntries(REVISION_ROUNDS.map((r) => [r, 0])) as Record<(typeof REVISION_ROUNDS)[number], number>;
  for (const r of submitted) rounds[r.revisions >= 3 ? '3+' : (String(r.revisions) as '0' | '1' | '2')] += 1;
  const byWorkflow = new Map<string | null, RequestRow[]>();
  for (const r of submitted) {
    const rows = byWorkflow.get(r.workflow_id);
    if (rows) rows.push(r);
    else byWorkflow.set(r.workflow_id, [r]);
  }
  const layers = await approvalLayers(source, period, submitted, now);
  return {
    submitted_per_week: perWeek,
    decisions: [
      { decision: 'APPROVED', count: all.decisions.APPROVED },
      { decision: 'REJECTED', count: all.decisions.REJECTED },
      { decision: 'other', count: all.decisions.other },
      { decision: 'open', count: all.decisions.open },
    ],
    time_to_decision: all.time_to_decision,
    revision_rounds: REVISION_ROUNDS.map((rounds_) => ({ rounds: rounds_, count: rounds[rounds_] })),
    first_seen_later: submitted.filter((r) => r.first_status !== 'DRAFT' && r.first_status !== 'IN_PROGRESS').length,
    not_from_console: submitted.filter((r) => r.workflow_id === null).length,
    by_workflow: [...byWorkflow]
      .map(([workflowId, rows]) => {
        const o = outcomes(rows);
        return {
          workflow_id: workflowId,
          workflow_name: rows.find((r) => r.workflow_name)?.workflow_name ?? null,
          submitted: rows.length,
          approved: o.decisions.APPROVED,
          rejected: o.decisions.REJECTED,
          other: o.decisions.other,
          open: o.decisions.open,
          time_to_decision: o.time_to_decision,
          revised: o.revised,
          revision_rounds: o.revision_rounds,
        };
      })
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

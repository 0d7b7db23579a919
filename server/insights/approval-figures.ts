import 'server-only';
import { sql } from 'kysely';
import { OPEN_STATUSES } from '../watcher/open-statuses';
import { countsPerBucket } from './bucket-case';
import { bucketsOf, type Period } from './period';
import { summarise } from './percentiles';
import type { FigureSource } from './sends';

/** Revision rounds are counted 0, 1, 2 and "3 or more". */
export const REVISION_ROUNDS = ['0', '1', '2', '3+'] as const;

const OPEN = OPEN_STATUSES.approval_request;

/**
 * Approval requests as the watcher's status history has them (the console records no
 * submitter, team or workflow of a request, nor its SLA or layers): those submitted in the
 * period (the API's time of the first IN_PROGRESS the watcher recorded) per week, how they were
 * decided, how long a decision took (median, 90th percentile) and their revision rounds (each
 * NEEDS_REVISION recorded). `first_seen_later`: requests the watcher first saw past their
 * submission (already in progress after a revision, or decided), whose early steps it did not see.
 */
export async function approvalFigures({ db }: Pick<FigureSource, 'db'>, period: Period) {
  const submittedIn = db
    .selectFrom('status_history as p')
    .select('p.id')
    .where('p.kind', '=', 'approval_request')
    .where('p.to_status', '=', 'IN_PROGRESS')
    .where('p.at', '>=', period.start)
    .where('p.at', '<', period.end);
  const openList = sql.join(OPEN.map((s) => sql`${s}`));
  const rows = await db
    .selectFrom('status_history as h')
    .where('h.kind', '=', 'approval_request')
    .where('h.id', 'in', submittedIn)
    .select([
      'h.id',
      sql<string | null>`min(case when h.to_status = 'IN_PROGRESS' then h.at end)`.as('submitted_at'),
      sql<string | null>`min(case when h.to_status not in (${openList}) then h.at end)`.as('decided_at'),
      sql<string | null>`max(case when h.to_status not in (${openList}) then h.to_status end)`.as('decision'),
      sql<number>`sum(case when h.to_status = 'NEEDS_REVISION' then 1 else 0 end)`.as('revisions'),
      sql<string | null>`max(case when h.from_status is null then h.to_status end)`.as('first_status'),
    ])
    .groupBy('h.id')
    .execute();
  const submitted = rows.filter((r) => r.submitted_at !== null && r.submitted_at >= period.start && r.submitted_at < period.end);
  const weeks = bucketsOf(period.from, period.to, period.tz, 'week');
  const perWeek = countsPerBucket(
    weeks,
    weeks.map((w, bucket) => ({
      bucket,
      count: submitted.filter((r) => r.submitted_at! >= w.start && r.submitted_at! < w.end).length,
    })),
  );
  const decisions = { APPROVED: 0, REJECTED: 0, other: 0, open: 0 };
  const durations: number[] = [];
  const rounds = Object.fromEntries(REVISION_ROUNDS.map((r) => [r, 0])) as Record<(typeof REVISION_ROUNDS)[number], number>;
  let firstSeenLater = 0;
  for (const r of submitted) {
    if (r.decided_at === null) decisions.open += 1;
    else {
      if (r.decision === 'APPROVED' || r.decision === 'REJECTED') decisions[r.decision] += 1;
      else decisions.other += 1;
      const took = Date.parse(r.decided_at) - Date.parse(r.submitted_at!);
      if (Number.isFinite(took) && took >= 0) durations.push(took);
    }
    const n = Number(r.revisions);
    rounds[n >= 3 ? '3+' : (String(n) as '0' | '1' | '2')] += 1;
    if (r.first_status !== 'DRAFT' && r.first_status !== 'IN_PROGRESS') firstSeenLater += 1;
  }
  return {
    submitted_per_week: perWeek,
    decisions: [
      { decision: 'APPROVED', count: decisions.APPROVED },
      { decision: 'REJECTED', count: decisions.REJECTED },
      { decision: 'other', count: decisions.other },
      { decision: 'open', count: decisions.open },
    ],
    time_to_decision: summarise(durations),
    revision_rounds: REVISION_ROUNDS.map((rounds_) => ({ rounds: rounds_, count: rounds[rounds_] })),
    first_seen_later: firstSeenLater,
  };
}

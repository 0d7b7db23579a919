import 'server-only';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { inScope, type TeamScope } from '../teams/scope';
import { OPEN_STATUSES } from '../watcher/open-statuses';
import type { Period } from './period';

/** What narrows the approval figures, besides the period: what the console recorded of a submission. */
export interface ApprovalFilters {
  team?: string;
  workflow?: string;
  sender?: string;
}

/** Where the approval figures read from, for whom. */
export interface ApprovalSource {
  db: Kysely<Database>;
  scope: TeamScope;
  filters: ApprovalFilters;
}

/** A request submitted in the period, as the watcher saw it and the console submitted it. */
export interface RequestRow {
  id: string;
  submitted_at: string;
  decided_at: string | null;
  decision: string | null;
  revisions: number;
  first_status: string | null;
  /** null: not submitted from the console (no approval_submissions row, or one an admin's assignment noted), so of no workflow the console knows */
  workflow_id: string | null;
  workflow_name: string | null;
}

const OPEN = OPEN_STATUSES.approval_request;

/**
 * The condition on the submission `a` (left-joined) that the reader's teams and the filters
 * ask. A request the console did not submit has no row, so belongs to no team: only a reader
 * who sees everything, unfiltered, counts it.
 */
export function submissionCondition({ scope, filters }: Pick<ApprovalSource, 'scope' | 'filters'>): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (scope.kind === 'teams') parts.push(sql<SqlBool>`a.request_id is not null`, inScope('a.team_id', scope));
  if (filters.team) parts.push(sql<SqlBool>`a.team_id = ${filters.team}`);
  // A request an admin assigned was not submitted from the console: no sender, no workflow of its own here.
  if (filters.workflow) parts.push(sql<SqlBool>`a.workflow_id = ${filters.workflow}`, sql<SqlBool>`a.assigned_by is null`);
  if (filters.sender) parts.push(sql<SqlBool>`a.user_id = ${filters.sender}`, sql<SqlBool>`a.assigned_by is null`);
  return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
}

/** The requests that entered IN_PROGRESS in the period (some of them first did so earlier: submittedIn sorts them out). */
export const candidates = (db: Kysely<Database>, period: Period) =>
  db
    .selectFrom('status_history as p')
    .select('p.id')
    .where('p.kind', '=', 'approval_request')
    .where('p.to_status', '=', 'IN_PROGRESS')
    .where('p.at', '>=', period.start)
    .where('p.at', '<', period.end);

/**
 * The requests submitted in the period (the API's time of the first IN_PROGRESS the watcher
 * recorded) that the reader's teams see and the filters select: how each was decided, when,
 * and how often it was sent back (each NEEDS_REVISION recorded).
 */
export async function submittedIn(source: ApprovalSource, period: Period): Promise<RequestRow[]> {
  const openList = sql.join(OPEN.map((s) => sql`${s}`));
  const rows = await source.db
    .selectFrom('status_history as h')
    .leftJoin('approval_submissions as a', 'a.request_id', 'h.id')
    .where('h.kind', '=', 'approval_request')
    .where('h.id', 'in', candidates(source.db, period))
    .where(submissionCondition(source))
    .select([
      'h.id',
      sql<string | null>`case when a.assigned_by is null then a.workflow_id end`.as('workflow_id'),
      sql<string | null>`case when a.assigned_by is null then a.workflow_name end`.as('workflow_name'),
      sql<string | null>`min(case when h.to_status = 'IN_PROGRESS' then h.at end)`.as('submitted_at'),
      sql<string | null>`min(case when h.to_status not in (${openList}) then h.at end)`.as('decided_at'),
      sql<string | null>`max(case when h.to_status not in (${openList}) then h.to_status end)`.as('decision'),
      sql<number>`sum(case when h.to_status = 'NEEDS_REVISION' then 1 else 0 end)`.as('revisions'),
      sql<string | null>`max(case when h.from_status is null then h.to_status end)`.as('first_status'),
    ])
    .groupBy(['h.id', 'a.workflow_id', 'a.workflow_name', 'a.assigned_by'])
    .execute();
  return rows
    .filter((r): r is typeof r & { submitted_at: string } => r.submitted_at !== null)
    .filter((r) => r.submitted_at >= period.start && r.submitted_at < period.end)
    .map((r) => ({
      ...r,
      revisions: Number(r.revisions),
      workflow_id: r.workflow_id ?? null,
      workflow_name: r.workflow_name ?? null,
    }));
}

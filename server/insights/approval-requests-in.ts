import 'server-only';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { inScope, type TeamScope } from '../teams/scope';
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

/**
 * The condition on the request's facts `f` that the reader's teams and the filters ask. A
 * request the console did not submit has no note, so belongs to no team: only a reader who
 * sees everything, unfiltered, counts it.
 */
export function submissionCondition({ scope, filters }: Pick<ApprovalSource, 'scope' | 'filters'>): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (scope.kind === 'teams') parts.push(sql<SqlBool>`f.noted = 1`, inScope('f.team_id', scope));
  if (filters.team) parts.push(sql<SqlBool>`f.team_id = ${filters.team}`);
  // A request an admin assigned was not submitted from the console: no sender, no workflow of its own here.
  if (filters.workflow) parts.push(sql<SqlBool>`f.workflow_id = ${filters.workflow}`, sql<SqlBool>`f.assigned_by is null`);
  if (filters.sender) parts.push(sql<SqlBool>`f.user_id = ${filters.sender}`, sql<SqlBool>`f.assigned_by is null`);
  return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
}

/** The facts (as `f`) of the requests submitted in the period that the reader's teams see and the filters select. */
export const factsSubmittedIn = (source: ApprovalSource, period: Pick<Period, 'start' | 'end'>) =>
  source.db
    .selectFrom('request_facts as f')
    .where('f.submitted_at', '>=', period.start)
    .where('f.submitted_at', '<', period.end)
    .where(submissionCondition(source));

import 'server-only';
import { idsInScope } from '../teams/visible-records';
import type { Kysely } from 'kysely';
import type { ApprovalRequest } from '@/lib/approval-requests/schemas';
import { db } from '../db';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';

/** A request that is not there and one of another team answer the same, so nothing confirms the other exists. */
export const noRequest = () => new ConsoleError(404, 'NOT_FOUND', 'No such approval request.');

/** Notes a request the console submitted, for `teamId`; a retried submit (same request) keeps the first note. */
export async function recordSubmission(
  conn: Kysely<Database>,
  request: Pick<ApprovalRequest, 'id' | 'workflow_name'> & { workflow_id?: string },
  by: { userId: string; teamId: string | null; workflowId: string; at: string },
) {
  await conn
    .insertInto('approval_submissions')
    .values({
      request_id: request.id,
      user_id: by.userId,
      team_id: by.teamId,
      workflow_id: request.workflow_id ?? by.workflowId,
      workflow_name: request.workflow_name ?? null,
      submitted_at: by.at,
    })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .execute();
}

/**
 * Of these request ids, those the reader's teams see; null when the reader sees everything
 * (an admin, no team defined, TEAM_VISIBILITY=everyone), so a caller need not ask per row.
 */
export const requestsInScope = async (ids: readonly string[]) => idsInScope(await db(), 'approval_request', ids);

/** Refuses, as a missing request is refused, a request the reader's teams do not see; before the API is asked. */
export async function requireRequestInScope(id: string) {
  const seen = await requestsInScope([id]);
  if (seen && !seen.has(id)) throw noRequest();
}

/** What the approvals list may narrow to by the console's record of a submission (insights' drill-downs open these). */
export interface SubmissionFilters {
  workflow?: string;
  sender?: string;
}

export const bySubmission = (q: SubmissionFilters) => Boolean(q.workflow || q.sender);

/** Of these request ids, those the console submitted with this workflow and by this sender. */
export async function submissionsMatching(conn: Kysely<Database>, ids: readonly string[], q: SubmissionFilters) {
  if (ids.length === 0) return new Set<string>();
  let query = conn
    .selectFrom('approval_submissions')
    .select('request_id')
    .where('request_id', 'in', [...ids]);
  // Narrowing by workflow or sender: a request an admin assigned (made by other means) was neither's.
  query = query.where('assigned_by', 'is', null);
  if (q.workflow) query = query.where('workflow_id', '=', q.workflow);
  if (q.sender) query = query.where('user_id', '=', q.sender);
  return new Set((await query.execute()).map((r) => r.request_id));
}

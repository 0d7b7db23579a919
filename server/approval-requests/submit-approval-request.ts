import 'server-only';
import type { SubmitRequestInput } from '@/lib/approval-requests/schemas';
import { db } from '../db';
import { submitRequest } from '../signing-api/approval-requests';
import { requireAttachable } from '../documents/document-uploads';
import { recordSubmission } from './approval-submissions';

export interface SubmitApprovalRequestOptions {
  input: SubmitRequestInput;
  /** the browser's key for this submitted form */
  idempotencyKey: string;
  userId: string;
  /** the team it is submitted for, decided (and checked to be the submitter's) before the API hears of it */
  teamId: string | null;
}

/**
 * Submits (or drafts) a request pinned to a workflow release, its content checked against that
 * release first, then notes it as the console's, for its team: what decides who sees it.
 */
export async function submitApprovalRequest({ input, idempotencyKey, userId, teamId }: SubmitApprovalRequestOptions) {
  const { team_id: _team, ...upstream } = input;
  await requireAttachable(input.documents);
  const request = await submitRequest(upstream, idempotencyKey);
  await recordSubmission(await db(), request, {
    userId,
    teamId,
    workflowId: input.workflow_id,
    at: new Date().toISOString(),
  });
  return request;
}

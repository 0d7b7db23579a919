import 'server-only';
import type { RevisionInput } from '@/lib/approval-requests/schemas';
import { resubmitRequest } from '../signing-api/approval-requests';
import { requireAttachable } from '../documents/document-uploads';
import { requireRequestInScope } from './approval-submissions';

export interface ResubmitApprovalRequestOptions {
  id: string;
  /** the revision with the versions last read: a stale one is a 409 to re-read */
  input: RevisionInput;
  /** the browser's key for this resubmission */
  idempotencyKey: string;
}

/** Resubmits the revised request, its content checked whole against the request's own release. */
export async function resubmitApprovalRequest({ id, input, idempotencyKey }: ResubmitApprovalRequestOptions) {
  await requireRequestInScope(id);
  await requireAttachable(input.documents);
  return resubmitRequest(id, input, idempotencyKey);
}

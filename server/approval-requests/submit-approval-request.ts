import 'server-only';
import type { SubmitRequestInput } from '@/lib/approval-requests/schemas';
import { submitRequest } from '../signing-api/approval-requests';

export interface SubmitApprovalRequestOptions {
  input: SubmitRequestInput;
  /** the browser's key for this submitted form */
  idempotencyKey: string;
}

/** Submits (or drafts) a request pinned to a workflow release, its content checked against that release first. */
export async function submitApprovalRequest({ input, idempotencyKey }: SubmitApprovalRequestOptions) {
  return submitRequest(input, idempotencyKey);
}

import 'server-only';
import { getRequest } from '../signing-api/approval-requests';

/** One approval request with its versions, steps, SLA and decisions. */
export async function readApprovalRequest({ id }: { id: string }) {
  return getRequest(id);
}

import 'server-only';
import { SigningApiError } from '../signing-api/client/errors';
import { getRequest } from '../signing-api/approval-requests';
import { currentScope } from '../teams/scope';
import { noRequest, requireRequestInScope } from './approval-submissions';

/** One approval request with its versions, steps, SLA and decisions; another team's answers as a missing one. */
export async function readApprovalRequest({ id }: { id: string }) {
  await requireRequestInScope(id);
  try {
    return await getRequest(id);
  } catch (err) {
    // Seen through teams, a request the console noted but the API no longer has answers as one never noted.
    if (err instanceof SigningApiError && err.status === 404 && (await currentScope()).kind === 'teams') throw noRequest();
    throw err;
  }
}

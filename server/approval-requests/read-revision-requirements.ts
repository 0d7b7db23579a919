import 'server-only';
import { revisionRequirements } from '../signing-api/approval-requests';
import { requireRequestInScope } from './approval-submissions';

/** What the reviewer asked to change, with the versions a draft or resubmission must quote. */
export async function readRevisionRequirements({ id }: { id: string }) {
  await requireRequestInScope(id);
  return revisionRequirements(id);
}

import 'server-only';
import { revisionRequirements } from '../signing-api/approval-requests';

/** What the reviewer asked to change, with the versions a draft or resubmission must quote. */
export async function readRevisionRequirements({ id }: { id: string }) {
  return revisionRequirements(id);
}

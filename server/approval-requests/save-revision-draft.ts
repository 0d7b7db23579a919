import 'server-only';
import type { RevisionInput } from '@/lib/approval-requests/schemas';
import { saveRevisionDraft as patchRevisionDraft } from '../signing-api/approval-requests';
import { requireAttachable } from '../documents/document-uploads';
import { requireRequestInScope } from './approval-submissions';

export interface SaveRevisionDraftOptions {
  id: string;
  /** the revision with the versions last read: a stale one is a 409 to re-read */
  input: RevisionInput;
  /** the browser's key for this save */
  idempotencyKey: string;
}

/** Saves a revision draft of the request, checked against its own release (a draft need not be whole yet). */
export async function saveRevisionDraft({ id, input, idempotencyKey }: SaveRevisionDraftOptions) {
  await requireRequestInScope(id);
  await requireAttachable(input.documents);
  return patchRevisionDraft(id, input, idempotencyKey);
}

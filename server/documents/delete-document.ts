import 'server-only';
import { forgetEditorSession } from '../editor/editor-sessions';
import { requestDocumentDeletion } from '../signing-api/documents';

export interface DeleteDocumentOptions {
  documentId: string;
  reason: string;
  /** the browser's key for this confirmation */
  idempotencyKey: string;
}

/** Deletes an unused document (the API refuses evidence: DOCUMENT_PROTECTED), then forgets its editor session. */
export async function deleteDocument({ documentId, reason, idempotencyKey }: DeleteDocumentOptions) {
  const result = await requestDocumentDeletion(documentId, reason, idempotencyKey);
  await forgetEditorSession(documentId);
  return result;
}

import 'server-only';
import { readEditor as readFromApi } from '../signing-api/hosted-editor';
import { withEditorSession } from './editor-access';

/** The document's current layout, its version and the session's expiry; 409 when no session is open. */
export async function readEditor({ documentId }: { documentId: string }) {
  return withEditorSession(documentId, (sid) => readFromApi(sid));
}

import 'server-only';
import { editorDocument } from '../signing-api/hosted-editor';
import { withEditorSession } from './editor-access';

/** The PDF being laid out as the API answers it (the body is streamed on, never read here); 409 when no session is open. */
export async function readEditorDocument({ documentId }: { documentId: string }): Promise<Response> {
  return withEditorSession(documentId, (sid) => editorDocument(sid));
}

import 'server-only';
import { readEditor } from '../signing-api/hosted-editor';
import { openEditorSession } from './editor-sessions';

export interface OpenEditorOptions {
  documentId: string;
  userId: string;
  /** what the session is for, as the API records it */
  purpose?: string;
}

/** Opens a new hosted-editor session (kept on the server, never answered) and reads its state. */
export async function openEditor({ documentId, userId, purpose }: OpenEditorOptions) {
  const { sessionId } = await openEditorSession(documentId, userId, purpose);
  return readEditor(sessionId);
}

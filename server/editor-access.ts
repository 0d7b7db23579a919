import 'server-only';
import { currentEditorSession, openEditorSession } from './editor-sessions';
import { HttpError } from './http/respond';
import { SigningApiError } from './signing-api/errors';

const expired = (err: unknown) => err instanceof SigningApiError && (err.code === 'EDITOR_SESSION_EXPIRED' || err.code === 'EDITOR_SESSION_INVALID');

/** Runs `run` with the document's editor session; 409 when there is none to use. */
export async function withEditorSession<T>(documentId: string, run: (sessionId: string) => Promise<T>): Promise<T> {
  const sessionId = await currentEditorSession(documentId);
  if (!sessionId) throw new HttpError(409, 'EDITOR_SESSION_EXPIRED', 'No open editor session for this document. Open a new session; your unsaved layout is kept.');
  return run(sessionId);
}

/**
 * Reading a document's PDF needs an editor session (the API's only way to the bytes): the
 * current one, or a fresh read-only one when it is missing or has run out.
 */
export async function withViewingSession<T>(documentId: string, userId: string, run: (sessionId: string) => Promise<T>): Promise<T> {
  const current = await currentEditorSession(documentId);
  if (current) {
    try {
      return await run(current);
    } catch (err) {
      if (!expired(err)) throw err;
    }
  }
  const { sessionId } = await openEditorSession(documentId, userId, 'View document');
  return run(sessionId);
}

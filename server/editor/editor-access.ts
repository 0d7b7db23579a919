import 'server-only';
import { currentEditorSession, openEditorSession } from './editor-sessions';
import { ConsoleError } from '../errors';
import { withoutSecrets } from '../redact';
import { SigningApiError } from '../signing-api/client/errors';

const SESSION_ENDED = 'EDITOR_SESSION_EXPIRED';

/**
 * The session path is the credential of these calls: the spec answers an expired one with 401
 * (section 7) and says only that it is "rejected" (rule 5), so 401, 404 (unknown) and 410
 * (gone) all mean the session has ended, whatever code a host gives.
 */
const endsSession = (err: SigningApiError) =>
  [401, 404, 410].includes(err.status) || err.code === 'EDITOR_SESSION_EXPIRED' || err.code === 'EDITOR_SESSION_INVALID';

const expired = (err: unknown) => err instanceof SigningApiError && err.code === SESSION_ENDED;

/**
 * `run` with the session id, whose upstream errors no longer quote it: they go on to the
 * browser (fromUpstream) and the log, and the id is a credential of unknown shape on a real
 * API, which no pattern would recognise.
 */
async function using<T>(sessionId: string, run: (sessionId: string) => Promise<T>): Promise<T> {
  try {
    return await run(sessionId);
  } catch (err) {
    if (!(err instanceof SigningApiError)) throw err;
    const [message, details] = withoutSecrets([err.message, err.details], [sessionId]);
    throw new SigningApiError(err.status, endsSession(err) ? SESSION_ENDED : err.code, message, details, err.retryAfterMs, err.requestId);
  }
}

/** Runs `run` with the document's editor session; 409 when there is none to use. */
export async function withEditorSession<T>(documentId: string, run: (sessionId: string) => Promise<T>): Promise<T> {
  const sessionId = await currentEditorSession(documentId);
  if (!sessionId)
    throw new ConsoleError(
      409,
      'EDITOR_SESSION_EXPIRED',
      'No open editor session for this document. Open a new session; your unsaved layout is kept.',
    );
  return using(sessionId, run);
}

/**
 * Reading a document's PDF needs an editor session (the API's only way to the bytes): the
 * current one, or a fresh read-only one when it is missing or has run out.
 */
export async function withViewingSession<T>(
  documentId: string,
  userId: string,
  run: (sessionId: string) => Promise<T>,
): Promise<T> {
  const current = await currentEditorSession(documentId);
  if (current) {
    try {
      return await using(current, run);
    } catch (err) {
      if (!expired(err)) throw err;
    }
  }
  const { sessionId } = await openEditorSession(documentId, userId, 'View document');
  return using(sessionId, run);
}

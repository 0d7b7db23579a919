import 'server-only';
import { open, seal } from '../auth/session-keys';
import { db } from '../db';
import { createEditorSession } from '../signing-api/hosted-editor';

// Hosted-editor session ids stay on the server, sealed in the console database and keyed by
// document: the browser addresses the editor by document id only. They are sealed like the
// session cookie (the first SESSION_PASSWORD seals, every listed one opens), so a rotation
// keeps open editor sessions too.
const MARGIN_MS = 30_000;
const SEAL_TTL_S = 2 * 3600;

/** Opens a new session for the document, replacing any earlier one. */
export async function openEditorSession(documentId: string, userId: string, purpose: string | undefined) {
  const session = await createEditorSession(documentId, purpose);
  const sealed = await seal({ sid: session.session_id }, SEAL_TTL_S);
  const conn = await db();
  const row = {
    document_id: documentId,
    sealed_session: sealed,
    expires_at: session.expires_at,
    created_by: userId,
    created_at: new Date().toISOString(),
  };
  await conn.transaction().execute(async (tx) => {
    await tx.deleteFrom('editor_sessions').where('document_id', '=', documentId).execute();
    await tx.insertInto('editor_sessions').values(row).execute();
  });
  return { sessionId: session.session_id, expiresAt: session.expires_at };
}

/** The document's current session id, or null when there is none or it has run out. */
export async function currentEditorSession(documentId: string): Promise<string | null> {
  const row = await (
    await db()
  )
    .selectFrom('editor_sessions')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) - MARGIN_MS <= Date.now()) return null;
  const { sid } = await open<{ sid: string }>(row.sealed_session, SEAL_TTL_S);
  return sid ?? null;
}

export async function forgetEditorSession(documentId: string) {
  await (await db()).deleteFrom('editor_sessions').where('document_id', '=', documentId).execute();
}

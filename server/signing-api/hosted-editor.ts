import 'server-only';
import { z } from 'zod';
import { editorCommandResultSchema, editorStateSchema, type EditorCommand } from '@/lib/documents/schemas';
import { withoutSecrets } from '../redact';
import { callJson, send } from './client/client';

const sessionSchema = z.object({
  session_id: z.string(),
  document_id: z.string().optional(),
  expires_at: z.string(),
  purpose: z.string().nullish(),
});

// The session id is a credential: it goes into the path and nowhere else (DESIGN.md section 5).
const editorPath = (sessionId: string, rest: string) => `/hosted-editor/${encodeURIComponent(sessionId)}/${rest}`;

export async function createEditorSession(documentId: string, purpose: string | undefined) {
  return (
    await callJson(
      { method: 'POST', path: `/documents/${encodeURIComponent(documentId)}/session`, json: purpose ? { purpose } : {} },
      sessionSchema,
    )
  ).data;
}

// The schemas keep only the fields the console names; an API that echoes the id inside one
// of them (a purpose, a status) still must not hand it to the browser.

/** The editor's state as the browser may see it. */
export async function readEditor(sessionId: string) {
  const { data } = await callJson({ method: 'GET', path: editorPath(sessionId, 'commands'), bearer: false }, editorStateSchema);
  return withoutSecrets(data, [sessionId]);
}

export async function editorDocument(sessionId: string) {
  return send({ method: 'GET', path: editorPath(sessionId, 'document'), bearer: false });
}

/** A command's result as the browser may see it. */
export async function sendEditorCommand(sessionId: string, command: EditorCommand, idempotencyKey: string) {
  const { data } = await callJson(
    { method: 'POST', path: editorPath(sessionId, 'commands'), json: command, idempotencyKey, bearer: false },
    editorCommandResultSchema,
  );
  return withoutSecrets(data, [sessionId]);
}

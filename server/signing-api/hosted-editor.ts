import 'server-only';
import { z } from 'zod';
import { editorStateSchema, type EditorCommand } from '@/lib/schemas/documents';
import { callJson, send } from './client';

const sessionSchema = z.looseObject({ session_id: z.string(), document_id: z.string().optional(), expires_at: z.string(), purpose: z.string().nullish() });
const commandResultSchema = z.looseObject({ version: z.number(), layout: editorStateSchema.shape.layout, status: z.string().optional() });

// The session id is a credential: it goes into the path and nowhere else (DESIGN.md section 5).
const editorPath = (sessionId: string, rest: string) => `/hosted-editor/${encodeURIComponent(sessionId)}/${rest}`;

export async function createEditorSession(documentId: string, purpose: string | undefined) {
  return (await callJson({ method: 'POST', path: `/documents/${encodeURIComponent(documentId)}/session`, json: purpose ? { purpose } : {} }, sessionSchema)).data;
}

export async function readEditor(sessionId: string) {
  return (await callJson({ method: 'GET', path: editorPath(sessionId, 'commands'), bearer: false }, editorStateSchema)).data;
}

export async function editorDocument(sessionId: string) {
  return send({ method: 'GET', path: editorPath(sessionId, 'document'), bearer: false });
}

export async function sendEditorCommand(sessionId: string, command: EditorCommand, idempotencyKey: string) {
  return (await callJson({ method: 'POST', path: editorPath(sessionId, 'commands'), json: command, idempotencyKey, bearer: false }, commandResultSchema)).data;
}

import 'server-only';
import { z } from 'zod';
import { documentSchema } from '@/lib/documents/schemas';
import { pageOf } from '@/lib/list/schemas';
import { callJson } from './client/client';

const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export async function listDocuments(query: Record<string, string | number | undefined>) {
  return (await callJson({ method: 'GET', path: '/documents', query }, pageOf(documentSchema))).data;
}

export async function getDocument(id: string) {
  return (await callJson({ method: 'GET', path: `/documents/${encodeURIComponent(id)}` }, documentSchema)).data;
}

export interface DocumentUpload {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength: string | undefined;
  idempotencyKey: string;
  signal: AbortSignal;
}

/** POST /documents with the browser's multipart body, streamed from where it was received whole: never buffered, never retried. */
export async function postDocument({ body, contentType, contentLength, idempotencyKey, signal }: DocumentUpload) {
  return (
    await callJson(
      { method: 'POST', path: '/documents', stream: { body, contentType, contentLength }, idempotencyKey, timeoutMs: UPLOAD_TIMEOUT_MS, signal },
      documentSchema,
    )
  ).data;
}

/** DELETE /documents/{id} with the reason, under the confirmation's key. */
export async function requestDocumentDeletion(id: string, reason: string, idempotencyKey: string) {
  const schema = z.looseObject({ id: z.string(), deleted: z.boolean() });
  return (await callJson({ method: 'DELETE', path: `/documents/${encodeURIComponent(id)}`, json: { reason }, idempotencyKey }, schema)).data;
}

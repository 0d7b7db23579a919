import 'server-only';
import { z } from 'zod';
import { KEY_STILL_RUNNING } from '@/lib/confirm-loop';
import { documentSchema } from '@/lib/schemas/documents';
import { pageOf } from '@/lib/schemas/list';
import { callJson } from './client';
import { SigningApiError } from './errors';

const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export async function listDocuments(query: Record<string, string | number | undefined>) {
  return (await callJson({ method: 'GET', path: '/documents', query }, pageOf(documentSchema))).data;
}

export async function getDocument(id: string) {
  return (await callJson({ method: 'GET', path: `/documents/${encodeURIComponent(id)}` }, documentSchema)).data;
}

/** Sends the browser's multipart body on as it arrives: never buffered, never retried. */
export async function uploadDocument(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  contentLength: string | undefined,
  idempotencyKey: string,
  signal: AbortSignal,
) {
  try {
    return (
      await callJson(
        { method: 'POST', path: '/documents', stream: { body, contentType, contentLength }, idempotencyKey, timeoutMs: UPLOAD_TIMEOUT_MS, signal },
        documentSchema,
      )
    ).data;
  } catch (err) {
    // An upload has no version and no use to conflict with: its only conflict (section 7) is
    // its key, still running under an earlier attempt (a fresh key per file rules out reuse).
    if (err instanceof SigningApiError && err.status === 409)
      throw new SigningApiError(409, KEY_STILL_RUNNING, 'An earlier attempt of this upload is still being processed.', [], err.retryAfterMs, err.requestId);
    throw err;
  }
}

export async function deleteDocument(id: string, reason: string, idempotencyKey: string) {
  const schema = z.looseObject({ id: z.string(), deleted: z.boolean() });
  return (await callJson({ method: 'DELETE', path: `/documents/${encodeURIComponent(id)}`, json: { reason }, idempotencyKey }, schema)).data;
}

import 'server-only';
import { KEY_STILL_RUNNING } from '@/lib/confirm-loop';
import { ConsoleError } from '../errors';
import { SigningApiError } from '../signing-api/client/errors';
import { postDocument } from '../signing-api/documents';

export interface UploadDocumentOptions {
  /** the request's body, checked against the size limit as it streams (http/upload-stream.ts) */
  upload: {
    body: ReadableStream<Uint8Array>;
    contentType: string;
    contentLength: string | undefined;
    /** true once more bytes came than a 25 MB upload can have */
    exceeded(): boolean;
  };
  /** the browser's key for this upload */
  idempotencyKey: string;
  /** the browser's request: when it goes away, the upload stops */
  signal: AbortSignal;
}

/** Streams one PDF to the API; too large and still-running refusals in the console's words. */
export async function uploadDocument({ upload, idempotencyKey, signal }: UploadDocumentOptions) {
  const { body, contentType, contentLength } = upload;
  try {
    return await postDocument({ body, contentType, contentLength, idempotencyKey, signal });
  } catch (err) {
    // Cutting the stream surfaces upstream as a failed call: the byte count says why.
    if (upload.exceeded() || (err instanceof SigningApiError && err.status === 413))
      throw new ConsoleError(413, 'FILE_TOO_LARGE', 'The file is larger than 25 MB.');
    // An upload has no version and no use to conflict with: its only conflict (section 7) is
    // its key, still running under an earlier attempt (a fresh key per file rules out reuse).
    if (err instanceof SigningApiError && err.status === 409)
      throw new SigningApiError(409, KEY_STILL_RUNNING, 'An earlier attempt of this upload is still being processed.', [], err.retryAfterMs, err.requestId);
    throw err;
  }
}

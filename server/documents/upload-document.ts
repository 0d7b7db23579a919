import 'server-only';
import { KEY_STILL_RUNNING } from '@/lib/confirm-loop';
import { UPLOAD_INCOMPLETE } from '@/lib/upload/unsent-refusals';
import { ConsoleError } from '../errors';
import type { GuardedUpload } from '../http/upload-stream';
import { spoolUpload } from '../http/upload-spool';
import { SigningApiError } from '../signing-api/client/errors';
import { postDocument } from '../signing-api/documents';
import { db } from '../db';
import { recordUpload } from './document-uploads';
import { uploadSlots } from './upload-slots';

/** How long a body may take to arrive whole (as long as the API call it replaced could last). */
const RECEIVE_DEADLINE_MS = 10 * 60_000;
/** How long a body received whole waits for a sending slot (sends are local file to API: quick). */
const SEND_WAIT_MS = 30_000;

export interface UploadDocumentOptions {
  /** the request's body, checked against the size limit as it streams (http/upload-stream.ts) */
  upload: GuardedUpload;
  /** the browser's key for this upload */
  idempotencyKey: string;
  /** whose upload: one user's slots are limited (upload-slots.ts) */
  userId: string;
  /** the team it is uploaded for, decided (and checked to be the uploader's) before the body is read */
  teamId: string | null;
  /** the browser's request: when it goes away, the upload stops and its slots are freed */
  signal: AbortSignal;
}

/**
 * Receives one PDF whole into a temp file, then sends it to the API; too many at once, too
 * large and still-running refusals in the console's words.
 */
export async function uploadDocument({ upload, idempotencyKey, userId, teamId, signal }: UploadDocumentOptions) {
  const slots = uploadSlots();
  let release: () => void;
  try {
    release = slots.admit(userId);
  } catch (err) {
    // Refused before reading: the rest of the body is read and dropped in the background
    // (upload-stream.ts), so a client still writing reads why instead of meeting a reset.
    void upload.body.cancel().catch(() => undefined);
    throw err;
  }
  try {
    const spooled = await spoolUpload(upload, signal, RECEIVE_DEADLINE_MS);
    try {
      const done = await slots.send(signal, SEND_WAIT_MS).catch((err: unknown) => {
        throw signal.aborted
          ? new ConsoleError(400, UPLOAD_INCOMPLETE, 'The upload was cancelled before it was sent. Nothing was sent.')
          : err;
      });
      try {
        const document = await postDocument({
          body: spooled.open(),
          contentType: spooled.contentType,
          contentLength: String(spooled.size),
          idempotencyKey,
          signal,
        });
        // The console's note of it, for its team: what decides who sees it.
        await recordUpload(await db(), document.id, { userId, teamId });
        return document;
      } finally {
        done();
      }
    } finally {
      await spooled.dispose();
    }
  } catch (err) {
    if (err instanceof SigningApiError && err.status === 413)
      throw new ConsoleError(413, 'FILE_TOO_LARGE', 'The file is larger than 25 MB.');
    // An upload has no version and no use to conflict with: its only conflict (section 7) is
    // its key, still running under an earlier attempt (a fresh key per file rules out reuse).
    if (err instanceof SigningApiError && err.status === 409)
      throw new SigningApiError(
        409,
        KEY_STILL_RUNNING,
        'An earlier attempt of this upload is still being processed.',
        [],
        err.retryAfterMs,
        err.requestId,
      );
    throw err;
  } finally {
    release();
  }
}

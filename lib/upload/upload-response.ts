import { readErrorBody } from '../api-error.ts';
import { KEY_STILL_RUNNING } from '../confirm-loop.ts';
import { documentSchema } from '../documents/schemas.ts';
import { secondsLeft } from '../seconds-left.ts';
import type { RawAnswer, UploadOutcome } from './upload-outcome.ts';

// What an upload attempt's answer means for the next step. Pure: the XHR layer hands over
// status, Retry-After and body text, and the state machine decides from the outcome. It reads
// a document with zod, so the browser loads it with the first upload (use-upload.ts).

export { rejectionMessage, type RawAnswer, type UploadOutcome } from './upload-outcome.ts';

/** Wait used when a busy answer carries no usable Retry-After. */
export const DEFAULT_WAIT_SECONDS = 2;
/** A Retry-After beyond this is capped: the user would rather retry by hand. */
export const MAX_WAIT_SECONDS = 120;

/** `Retry-After` as whole seconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its day and month ("Wed, 21 Oct 2026 07:28:00 GMT").
  if (!/[a-z]{3}/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return secondsLeft(at, now);
}

const clampWait = (seconds: number | null) => Math.min(MAX_WAIT_SECONDS, Math.max(1, seconds ?? DEFAULT_WAIT_SECONDS));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function classifyAnswer(answer: RawAnswer, now = Date.now()): UploadOutcome {
  if (answer.status === 0) return { kind: 'network' };
  const json = parseJson(answer.body);
  if (answer.status >= 200 && answer.status < 300) {
    const doc = documentSchema.safeParse(json);
    if (doc.success) return { kind: 'ok', document: doc.data };
    return { kind: 'rejected', status: 502, code: 'UNEXPECTED_ANSWER', message: 'The console answered in an unexpected shape. Check the documents list before retrying.', details: [] };
  }
  if (answer.status === 401) return { kind: 'unauthenticated' };
  const parsed = readErrorBody(json);
  const code = parsed ? parsed.error.code : 'HTTP_ERROR';
  const message = parsed ? parsed.error.message : `The console answered ${answer.status}.`;
  const details = parsed ? (parsed.error.details ?? []) : [];
  // 503 (UPLOAD_BUSY, or the API briefly unreachable) and 429 are "not now": the same key
  // makes the retry safe. A 409 saying the key is still running means the first attempt still runs.
  if (answer.status === 503 || answer.status === 429) {
    return { kind: 'busy', seconds: clampWait(parseRetryAfter(answer.retryAfter, now)), code, message };
  }
  if (answer.status === 409 && code === KEY_STILL_RUNNING) {
    return { kind: 'busy', seconds: clampWait(parseRetryAfter(answer.retryAfter, now)), code, message };
  }
  return { kind: 'rejected', status: answer.status, code, message, details };
}

import type { DocumentItem, LogicalPurpose } from '../documents/schemas.ts';
import { rejectionMessage, type UploadOutcome } from './upload-outcome.ts';

// One file's upload, pure so every path is unit-tested: checked in the browser, queued,
// sent, waiting out UPLOAD_BUSY / 429 with a countdown and retrying by itself, offering
// Retry after a network failure, cancelled at any point. One Idempotency-Key per upload
// intent: made when the file is first sent, reused by every retry (automatic or not) of the
// same file and purpose, and dropped when the purpose changes or the upload succeeds.
// The queue (upload-queue.ts) holds several of these and starts them one at a time.

/** Automatic retries after a busy answer; then the user decides. */
export const MAX_AUTO_RETRIES = 5;

export type Phase =
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ready'; notice?: string }
  /** sent by the user, waiting for the uploads before it */
  | { kind: 'queued' }
  | { kind: 'uploading'; loaded: number; total: number }
  /** the body is sent; the API is storing and checking it */
  | { kind: 'processing' }
  | { kind: 'waiting'; until: number; seconds: number; reason: string; retries: number }
  | { kind: 'failed'; message: string; retryable: boolean }
  | { kind: 'done'; document: DocumentItem };

export interface UploadItem {
  /** unique within the panel */
  id: number;
  name: string;
  size: number;
  /** counted by the browser's check; null until then */
  pages: number | null;
  purpose: LogicalPurpose;
  phase: Phase;
  /** the Idempotency-Key of this file's upload intent */
  key: string | null;
  /** attempts sent for the current intent (1 = first) */
  attempts: number;
  /** automatic retries used since the last user action */
  autoRetries: number;
  /**
   * The attempt in flight, numbered by the queue and never reused within the panel: answers
   * of any other attempt are stale, and the hook sends each number exactly once.
   */
  request: number | null;
}

export type ItemEvent =
  | { type: 'checked'; pages: number }
  | { type: 'invalid'; message: string }
  | { type: 'purpose'; purpose: LogicalPurpose }
  /** user pressed Upload or Retry; `freshKey` is used only when the intent has none yet */
  | { type: 'send'; freshKey: string }
  /** its turn came, or its countdown ran out: send (again) with the same key */
  | { type: 'start'; request: number }
  | { type: 'progress'; request: number; loaded: number; total: number }
  | { type: 'sent'; request: number }
  | { type: 'answer'; request: number; outcome: Exclude<UploadOutcome, { kind: 'unauthenticated' }>; now: number }
  | { type: 'cancel' };

export const newItem = (id: number, name: string, size: number, purpose: LogicalPurpose): UploadItem => ({
  id,
  name,
  size,
  pages: null,
  purpose,
  phase: { kind: 'checking' },
  key: null,
  attempts: 0,
  autoRetries: 0,
  request: null,
});

/** Is a request in flight or scheduled by a countdown? */
export const isActive = (phase: Phase) => phase.kind === 'uploading' || phase.kind === 'processing' || phase.kind === 'waiting';

/** Sent by the user and not yet answered for good: the file and its purpose are locked. */
export const isPending = (phase: Phase) => phase.kind === 'queued' || isActive(phase);

/** Can the user send it (Upload for a ready file, Retry after a failure that may pass)? */
export const canSend = (phase: Phase) => phase.kind === 'ready' || (phase.kind === 'failed' && phase.retryable);

function onAnswer(item: UploadItem, outcome: Extract<ItemEvent, { type: 'answer' }>['outcome'], now: number): UploadItem {
  const settled = { ...item, request: null };
  switch (outcome.kind) {
    case 'ok':
      return { ...settled, phase: { kind: 'done', document: outcome.document }, key: null, autoRetries: 0 };
    case 'busy':
      if (item.autoRetries >= MAX_AUTO_RETRIES) {
        return { ...settled, phase: { kind: 'failed', message: `${outcome.message} It is still busy after ${MAX_AUTO_RETRIES} automatic retries; try again in a moment.`, retryable: true } };
      }
      return {
        ...settled,
        phase: { kind: 'waiting', until: now + outcome.seconds * 1000, seconds: outcome.seconds, reason: outcome.message, retries: item.autoRetries + 1 },
        autoRetries: item.autoRetries + 1,
      };
    case 'network':
      return {
        ...settled,
        phase: { kind: 'failed', message: 'The connection failed before the upload finished. Check your network and retry: the retry is recognised as the same upload, so no duplicate is created.', retryable: true },
      };
    case 'rejected':
      // A refusal of this file (not a glitch): retrying the same bytes cannot succeed.
      return { ...settled, phase: { kind: 'failed', message: rejectionMessage(outcome), retryable: outcome.status >= 500 } };
  }
}

export function itemReducer(item: UploadItem, event: ItemEvent): UploadItem {
  const { phase } = item;
  switch (event.type) {
    case 'checked':
      if (phase.kind !== 'checking') return item;
      return { ...item, phase: { kind: 'ready' }, pages: event.pages };
    case 'invalid':
      if (phase.kind !== 'checking') return item;
      return { ...item, phase: { kind: 'invalid', message: event.message } };
    case 'purpose':
      if (isPending(phase) || phase.kind === 'done' || item.purpose === event.purpose) return item;
      // A different purpose is a different request body: it needs its own key.
      return { ...item, purpose: event.purpose, key: null, attempts: 0 };
    case 'send':
      if (!canSend(phase)) return item;
      return { ...item, phase: { kind: 'queued' }, key: item.key ?? event.freshKey, autoRetries: 0 };
    case 'start':
      if (phase.kind !== 'queued' && phase.kind !== 'waiting') return item;
      return { ...item, phase: { kind: 'uploading', loaded: 0, total: item.size }, attempts: item.attempts + 1, request: event.request };
    case 'progress':
      if (phase.kind !== 'uploading' || event.request !== item.request) return item;
      return { ...item, phase: { kind: 'uploading', loaded: event.loaded, total: event.total } };
    case 'sent':
      if (phase.kind !== 'uploading' || event.request !== item.request) return item;
      return { ...item, phase: { kind: 'processing' } };
    case 'answer':
      if ((phase.kind !== 'uploading' && phase.kind !== 'processing') || event.request !== item.request) return item;
      return onAnswer(item, event.outcome, event.now);
    case 'cancel':
      if (!isPending(phase)) return item;
      // The key stays: uploading the same file again replays an attempt that did finish.
      return {
        ...item,
        request: null,
        autoRetries: 0,
        phase: {
          kind: 'ready',
          notice:
            phase.kind === 'processing'
              ? 'Upload cancelled after the file was sent: it may still appear in the list. Uploading it again will not create a duplicate.'
              : 'Upload cancelled. Nothing was added.',
        },
      };
  }
}

/** Upload progress as a whole percentage (0-100). */
export const percentOf = (loaded: number, total: number) => (total <= 0 ? 0 : Math.min(100, Math.floor((loaded / total) * 100)));

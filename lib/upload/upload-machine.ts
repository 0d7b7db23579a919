import type { DocumentItem, LogicalPurpose } from '../schemas/documents.ts';
import { rejectionMessage, type UploadOutcome } from './upload-response.ts';

// The upload's state machine, pure so every path is unit-tested: choose and check a file,
// send it, wait out UPLOAD_BUSY / 429 with a countdown and retry by itself, offer Retry after
// a network failure, cancel at any point. One Idempotency-Key per upload intent: made at the
// first send, reused by every retry (automatic or not) of the same file and purpose, and
// dropped when the file or purpose changes or the upload succeeds.

export interface ChosenFile {
  name: string;
  size: number;
  pages: number;
}

/** Automatic retries after a busy answer; then the user decides. */
export const MAX_AUTO_RETRIES = 5;

export type Phase =
  | { kind: 'empty' }
  | { kind: 'checking'; name: string; size: number }
  | { kind: 'invalid'; message: string }
  | { kind: 'ready'; notice?: string }
  | { kind: 'uploading'; loaded: number; total: number }
  /** the body is sent; the API is storing and checking it */
  | { kind: 'processing' }
  | { kind: 'waiting'; until: number; seconds: number; reason: string; retries: number }
  | { kind: 'failed'; message: string; retryable: boolean }
  | { kind: 'done'; document: DocumentItem };

export interface UploadState {
  phase: Phase;
  file: ChosenFile | null;
  purpose: LogicalPurpose;
  /** the Idempotency-Key of the current upload intent */
  key: string | null;
  /** attempts sent for the current intent (1 = first) */
  attempts: number;
  /** automatic retries used since the last user action */
  autoRetries: number;
}

export type UploadEvent =
  | { type: 'check'; name: string; size: number }
  | { type: 'checked'; file: ChosenFile }
  | { type: 'invalid'; message: string }
  | { type: 'purpose'; purpose: LogicalPurpose }
  /** user pressed Upload or Retry; `freshKey` is used only when the intent has none yet */
  | { type: 'send'; freshKey: string }
  /** the countdown ran out (or "Retry now"): the same key goes again */
  | { type: 'resend' }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'sent' }
  | { type: 'answer'; outcome: Exclude<UploadOutcome, { kind: 'unauthenticated' }>; now: number }
  | { type: 'cancel' }
  | { type: 'clear' };

export const initialUploadState: UploadState = { phase: { kind: 'empty' }, file: null, purpose: 'ATTACHMENT', key: null, attempts: 0, autoRetries: 0 };

/** Is a request in flight or scheduled (the file and purpose are locked meanwhile)? */
export const isActive = (phase: Phase) => phase.kind === 'uploading' || phase.kind === 'processing' || phase.kind === 'waiting';

const startAttempt = (state: UploadState): UploadState => ({
  ...state,
  phase: { kind: 'uploading', loaded: 0, total: state.file?.size ?? 0 },
  attempts: state.attempts + 1,
});

function onAnswer(state: UploadState, outcome: Extract<UploadEvent, { type: 'answer' }>['outcome'], now: number): UploadState {
  switch (outcome.kind) {
    case 'ok':
      return { ...state, phase: { kind: 'done', document: outcome.document }, key: null, autoRetries: 0 };
    case 'busy':
      if (state.autoRetries >= MAX_AUTO_RETRIES) {
        return { ...state, phase: { kind: 'failed', message: `${outcome.message} It is still busy after ${MAX_AUTO_RETRIES} automatic retries; try again in a moment.`, retryable: true } };
      }
      return {
        ...state,
        phase: { kind: 'waiting', until: now + outcome.seconds * 1000, seconds: outcome.seconds, reason: outcome.message, retries: state.autoRetries + 1 },
        autoRetries: state.autoRetries + 1,
      };
    case 'network':
      return {
        ...state,
        phase: { kind: 'failed', message: 'The connection failed before the upload finished. Check your network and retry: the retry is recognised as the same upload, so no duplicate is created.', retryable: true },
      };
    case 'rejected':
      // A refusal of this file (not a glitch): retrying the same bytes cannot succeed.
      return { ...state, phase: { kind: 'failed', message: rejectionMessage(outcome), retryable: outcome.status >= 500 } };
  }
}

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  const active = isActive(state.phase);
  switch (event.type) {
    case 'check':
      if (active) return state;
      return { ...state, phase: { kind: 'checking', name: event.name, size: event.size }, file: null, key: null, attempts: 0, autoRetries: 0 };
    case 'checked':
      if (state.phase.kind !== 'checking') return state;
      return { ...state, phase: { kind: 'ready' }, file: event.file };
    case 'invalid':
      if (active) return state;
      return { ...state, phase: { kind: 'invalid', message: event.message }, file: null, key: null, attempts: 0, autoRetries: 0 };
    case 'purpose':
      if (active || state.purpose === event.purpose) return state;
      // A different purpose is a different request body: it needs its own key.
      return { ...state, purpose: event.purpose, key: null, attempts: 0 };
    case 'send':
      if (!state.file || active || state.phase.kind === 'done' || state.phase.kind === 'checking') return state;
      if (state.phase.kind === 'failed' && !state.phase.retryable) return state;
      return startAttempt({ ...state, key: state.key ?? event.freshKey, autoRetries: 0 });
    case 'resend':
      if (state.phase.kind !== 'waiting') return state;
      return startAttempt(state);
    case 'progress':
      if (state.phase.kind !== 'uploading') return state;
      return { ...state, phase: { kind: 'uploading', loaded: event.loaded, total: event.total } };
    case 'sent':
      if (state.phase.kind !== 'uploading') return state;
      return { ...state, phase: { kind: 'processing' } };
    case 'answer':
      if (state.phase.kind !== 'uploading' && state.phase.kind !== 'processing') return state;
      return onAnswer(state, event.outcome, event.now);
    case 'cancel':
      if (!active) return state;
      // The key stays: uploading the same file again replays an attempt that did finish.
      return {
        ...state,
        phase: {
          kind: 'ready',
          notice:
            state.phase.kind === 'processing'
              ? 'Upload cancelled after the file was sent: it may still appear in the list. Uploading it again will not create a duplicate.'
              : 'Upload cancelled. Nothing was added.',
        },
        autoRetries: 0,
      };
    case 'clear':
      if (active) return state;
      return { ...initialUploadState, purpose: state.purpose };
  }
}

/** Whole seconds left on a countdown, never negative. */
export const secondsLeft = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));

/** Upload progress as a whole percentage (0-100). */
export const percentOf = (loaded: number, total: number) => (total <= 0 ? 0 : Math.min(100, Math.floor((loaded / total) * 100)));

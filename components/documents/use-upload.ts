'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { goToSignIn } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { documentKeys } from '@/lib/queries/documents';
import type { LogicalPurpose } from '@/lib/schemas/documents';
import { checkFileCount, checkFileFacts, checkFileHead, checkPageCount, HEAD_BYTES, unreadableMessage } from '@/lib/upload/check-file';
import { initialUploadState, isActive, uploadReducer } from '@/lib/upload/upload-machine';
import { sendUpload, type UploadRequest } from '@/lib/upload/send-upload';
import { classifyAnswer } from '@/lib/upload/upload-response';
import { pagesText, purposeLabel } from './document-facts';

/** Reads and counts pages only after the cheap checks pass; pdf.js is loaded on first use. */
async function checkContent(file: File): Promise<{ pages: number } | { problem: string }> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const headProblem = checkFileHead(file.name, head);
  if (headProblem) return { problem: headProblem };
  const { inspectPdf } = await import('@/components/pdf/count-pdf-pages');
  const inspected = await inspectPdf(await file.arrayBuffer());
  if (!inspected.ok) return { problem: unreadableMessage(file.name, inspected.reason) };
  const pageProblem = checkPageCount(file.name, inspected.pages);
  return pageProblem ? { problem: pageProblem } : { pages: inspected.pages };
}

/**
 * The upload's effects around the pure state machine: checks before sending, one XHR per
 * attempt (with the intent's Idempotency-Key), the Retry-After timer, cancel, toasts and
 * query invalidation.
 */
export function useUpload() {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const client = useQueryClient();
  const file = useRef<File | null>(null);
  const request = useRef<UploadRequest | null>(null);
  /** the attempt whose answer still counts; null after a cancel */
  const live = useRef<number | null>(null);
  const checkRun = useRef(0);

  const choose = useCallback(async (files: File[]) => {
    const run = ++checkRun.current;
    const only = files[0];
    const early = checkFileCount(files.length) ?? (only ? checkFileFacts(only) : null);
    if (early || !only) return dispatch({ type: 'invalid', message: early ?? 'Choose a PDF to upload.' });
    dispatch({ type: 'check', name: only.name, size: only.size });
    const result = await checkContent(only).catch(() => ({ problem: `“${only.name}” could not be read. Choose it again.` }));
    if (run !== checkRun.current) return;
    if ('problem' in result) return dispatch({ type: 'invalid', message: result.problem });
    file.current = only;
    dispatch({ type: 'checked', file: { name: only.name, size: only.size, pages: result.pages } });
  }, []);

  // One request per attempt number; the guard keeps a re-run effect from sending twice.
  const attempt = state.phase.kind === 'uploading' ? state.attempts : null;
  const { key, purpose } = state;
  useEffect(() => {
    if (attempt === null || live.current === attempt || !file.current || !key) return;
    live.current = attempt;
    const chosen = file.current;
    const req = sendUpload({
      file: chosen,
      fileName: chosen.name,
      purpose,
      idempotencyKey: key,
      onProgress: (loaded, total) => live.current === attempt && dispatch({ type: 'progress', loaded, total }),
      onSent: () => live.current === attempt && dispatch({ type: 'sent' }),
    });
    request.current = req;
    req.answer.then(
      (raw) => {
        if (live.current !== attempt) return;
        const outcome = classifyAnswer(raw);
        if (outcome.kind === 'unauthenticated') return goToSignIn();
        dispatch({ type: 'answer', outcome, now: Date.now() });
        if (outcome.kind === 'ok') {
          toast.success(`“${outcome.document.name}” was uploaded`, { description: `${pagesText(outcome.document.page_count)}, ${purposeLabel(purpose).toLowerCase()}.` });
          void client.invalidateQueries({ queryKey: documentKeys.all });
        } else if (outcome.kind === 'rejected') {
          toast.error('The upload was refused', { description: outcome.message });
        } else if (outcome.kind === 'network') {
          toast.error('The upload was interrupted', { description: 'Retry to send it again; no duplicate will be created.' });
        }
      },
      () => undefined, // aborted: cancel() has already updated the state
    );
  }, [attempt, key, purpose, client]);

  // Wait out Retry-After, then send again with the same key.
  const waitingUntil = state.phase.kind === 'waiting' ? state.phase.until : null;
  useEffect(() => {
    if (waitingUntil === null) return;
    const timer = setTimeout(() => dispatch({ type: 'resend' }), Math.max(0, waitingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitingUntil]);

  // Leaving the page aborts a request in flight.
  useEffect(() => () => request.current?.abort(), []);

  const active = isActive(state.phase);
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  return {
    state,
    active,
    choose,
    setPurpose: (p: LogicalPurpose) => dispatch({ type: 'purpose', purpose: p }),
    send: () => dispatch({ type: 'send', freshKey: newIdempotencyKey('upload') }),
    retryNow: () => dispatch({ type: 'resend' }),
    cancel: () => {
      live.current = null;
      request.current?.abort();
      dispatch({ type: 'cancel' });
      toast('Upload cancelled');
    },
    clear: () => {
      checkRun.current++;
      file.current = null;
      dispatch({ type: 'clear' });
    },
  };
}

export type Upload = ReturnType<typeof useUpload>;

'use client';

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useLeaveGuard } from '@/lib/unsaved-work/use-leave-guard';
import { goToSignIn } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useRefreshDocuments } from '@/lib/documents/mutations';
import type { LogicalPurpose } from '@/lib/documents/schemas';
import {
  checkFileCount,
  checkFileFacts,
  checkFileHead,
  checkPageCount,
  HEAD_BYTES,
  unreadableMessage,
} from '@/lib/upload/check-file';
import { canSend } from '@/lib/upload/upload-machine';
import { initialUploadQueue, isUploading, readyItems, uploadingItem, uploadQueueReducer } from '@/lib/upload/upload-queue';
import { sendUpload, type UploadRequest } from '@/lib/upload/send-upload';
import type { RawAnswer, UploadOutcome } from '@/lib/upload/upload-outcome';
import { pagesText, purposeLabel } from './document-facts';

/**
 * The upload answers' classifier (upload-response.ts), which reads the new document with zod:
 * it loads with the first upload rather than with the page, during the transfer. A failed
 * load is tried again at the next upload.
 */
let classifier: Promise<typeof import('@/lib/upload/upload-response')> | null = null;
const loadClassifier = () =>
  (classifier ??= import('@/lib/upload/upload-response').catch((err: unknown) => {
    classifier = null;
    throw err;
  }));

/**
 * An answer read without the classifier counts as lost: Retry sends the same key, so the API
 * answers it again without a second document.
 */
async function classify(
  raw: RawAnswer,
  loading: Promise<typeof import('@/lib/upload/upload-response') | null>,
): Promise<UploadOutcome> {
  const loaded = await loading;
  return loaded ? loaded.classifyAnswer(raw) : { kind: 'network' };
}

/** Reads and counts pages only after the cheap checks pass; pdf.js is loaded on first use. */
async function checkContent(file: File): Promise<{ pages: number } | { problem: string }> {
  const early = checkFileFacts(file);
  if (early) return { problem: early };
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
 * The uploads' effects around the pure queue: checks before sending, one XHR per request
 * number (with the file's Idempotency-Key), the Retry-After timer, cancel, toasts and
 * query invalidation.
 */
export function useUpload(teamId?: string) {
  // Read when a file is sent, so a team chosen while the list fills applies to what is sent after.
  const team = useRef(teamId);
  useEffect(() => {
    team.current = teamId;
  }, [teamId]);
  const [queue, dispatch] = useReducer(uploadQueueReducer, initialUploadQueue);
  const refreshDocuments = useRefreshDocuments();
  const files = useRef(new Map<number, File>());
  const nextId = useRef(1);
  /** the request number last sent: each number goes out once, and numbers are never reused */
  const sentRequest = useRef(0);
  const inFlight = useRef<{ id: number; request: UploadRequest } | null>(null);
  /** lists being refetched after an upload: the new document is not listed until they finish */
  const [refreshing, setRefreshing] = useState(0);

  const choose = useCallback(async (chosen: File[]) => {
    const tooMany = checkFileCount(chosen.length);
    if (tooMany) return dispatch({ type: 'refuse', message: tooMany });
    const named = chosen.map((file) => ({ id: nextId.current++, file }));
    for (const { id, file } of named) files.current.set(id, file);
    dispatch({ type: 'add', files: named.map(({ id, file }) => ({ id, name: file.name, size: file.size })) });
    // One at a time: pdf.js reads the whole file, and the first is ready soonest.
    for (const { id, file } of named) {
      const result = await checkContent(file).catch(() => ({ problem: `“${file.name}” could not be read. Choose it again.` }));
      dispatch({
        type: 'item',
        id,
        event: 'problem' in result ? { type: 'invalid', message: result.problem } : { type: 'checked', pages: result.pages },
      });
    }
  }, []);

  const current = uploadingItem(queue);
  const request = current?.request ?? null;
  const id = current?.id ?? null;
  const key = current?.key ?? null;
  const purpose = current?.purpose ?? null;
  useEffect(() => {
    if (request === null || id === null || request <= sentRequest.current) return;
    sentRequest.current = request;
    const file = files.current.get(id);
    if (!file || !key || !purpose) return;
    const loading = loadClassifier().catch(() => null);
    const req = sendUpload({
      file,
      fileName: file.name,
      purpose,
      idempotencyKey: key,
      teamId: team.current,
      onProgress: (loaded, total) => dispatch({ type: 'item', id, event: { type: 'progress', request, loaded, total } }),
      onSent: () => dispatch({ type: 'item', id, event: { type: 'sent', request } }),
    });
    inFlight.current = { id, request: req };
    req.answer
      .then((raw) => classify(raw, loading))
      .then(
        (outcome) => {
          // Cancelled while the answer was being read: cancel() has already updated the state.
          if (inFlight.current?.request !== req) return;
          inFlight.current = null;
          if (outcome.kind === 'unauthenticated') return goToSignIn();
          dispatch({ type: 'item', id, event: { type: 'answer', request, outcome, now: Date.now() } });
          if (outcome.kind === 'ok') {
            toast.success(`“${outcome.document.name}” was uploaded`, {
              description: `${pagesText(outcome.document.page_count)}, ${purposeLabel(purpose).toLowerCase()}.`,
            });
            setRefreshing((n) => n + 1);
            void refreshDocuments().finally(() => setRefreshing((n) => n - 1));
          }
          // A refusal or an interruption is said on the file's own row, with its Retry: once.
        },
        () => undefined, // aborted: cancel() has already updated the state
      );
  }, [request, id, key, purpose, refreshDocuments]);

  // Wait out Retry-After, then send the same file again with the same key.
  const waiting = queue.items.find((item) => item.phase.kind === 'waiting');
  const waitingId = waiting?.id ?? null;
  const waitingUntil = waiting?.phase.kind === 'waiting' ? waiting.phase.until : null;
  useEffect(() => {
    if (waitingId === null || waitingUntil === null) return;
    const timer = setTimeout(() => dispatch({ type: 'resend', id: waitingId }), Math.max(0, waitingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitingId, waitingUntil]);

  // A file that left the list (removed, cleared, replaced) is let go. Only files the list
  // has held are compared: one just chosen may not be listed yet when this runs.
  const { items } = queue;
  const listed = useRef(new Set<number>());
  useEffect(() => {
    const now = new Set(items.map((item) => item.id));
    for (const fileId of listed.current) if (!now.has(fileId)) files.current.delete(fileId);
    listed.current = now;
  }, [items]);

  // Leaving the page aborts a request in flight.
  useEffect(() => () => inFlight.current?.request.abort(), []);

  const uploading = isUploading(queue);
  // A reload or a closed tab would cut the upload off, so the browser asks first. Links within
  // the console stay free: an upload is not typed work, and leaving aborts it (above).
  useLeaveGuard(uploading, { inApp: false });

  return {
    queue,
    /** a file is sent and not yet answered for good */
    uploading,
    /** uploading, or the list is still catching up with a finished upload */
    busy: uploading || refreshing > 0,
    choose,
    setPurpose: (p: LogicalPurpose) => dispatch({ type: 'purpose', purpose: p }),
    /** Upload: every file that passed its checks, each with a key of its own */
    sendReady: () =>
      dispatch({
        type: 'send',
        keys: Object.fromEntries(readyItems(queue).map((item) => [item.id, newIdempotencyKey('upload')])),
      }),
    retry: (itemId: number) => {
      const item = queue.items.find((i) => i.id === itemId);
      if (item && canSend(item.phase)) dispatch({ type: 'send', keys: { [itemId]: newIdempotencyKey('upload') } });
    },
    retryNow: (itemId: number) => dispatch({ type: 'resend', id: itemId }),
    cancel: (itemId: number) => {
      if (inFlight.current?.id === itemId) {
        inFlight.current.request.abort();
        inFlight.current = null;
      }
      dispatch({ type: 'item', id: itemId, event: { type: 'cancel' } });
      toast('Upload cancelled');
    },
    remove: (itemId: number) => dispatch({ type: 'remove', id: itemId }),
    clear: () => dispatch({ type: 'clear' }),
  };
}

export type Upload = ReturnType<typeof useUpload>;

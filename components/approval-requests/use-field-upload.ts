'use client';

import { useEffect, useRef } from 'react';
import type { DocumentItem } from '@/lib/documents/schemas';
import { useUpload } from '../documents/use-upload';

/**
 * One PDF uploaded from a document field, through the Documents page's upload path (browser
 * checks, progress, Idempotency-Key, busy retries, cancel). Choosing the file is the intent,
 * so it is sent as soon as its checks pass; the uploaded document is handed to `onUploaded`.
 */
export function useFieldUpload(onUploaded: (document: DocumentItem) => void) {
  const upload = useUpload();
  const latest = useRef({ upload, onUploaded });
  useEffect(() => {
    latest.current = { upload, onUploaded };
  });
  const item = upload.queue.items.at(-1);
  const phase = item?.phase;
  const handed = useRef(new Set<number>());

  useEffect(() => {
    if (!item || !phase) return;
    // A cancelled upload comes back as ready with a notice: it waits for the user again.
    if (phase.kind === 'ready' && !phase.notice) latest.current.upload.sendReady();
    if (phase.kind === 'done' && !handed.current.has(item.id)) {
      handed.current.add(item.id);
      latest.current.onUploaded(phase.document);
    }
  }, [item, phase]);

  return {
    item,
    uploading: upload.uploading,
    /** a new file replaces whatever the field's upload showed before */
    choose(file: File) {
      upload.clear();
      void upload.choose([file]);
    },
    cancel: () => item && upload.cancel(item.id),
    retry: () => item && upload.retry(item.id),
    retryNow: () => item && upload.retryNow(item.id),
    dismiss: () => item && upload.remove(item.id),
  };
}

'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { clockSkew, localDeadline, SESSION_WARNING_MS } from '@/lib/editor/session-clock';
import { openEditor, readEditor, type EditorSnapshot } from '@/lib/editor/queries';

export type SessionHow = 'read' | 'opened';

interface SessionState {
  phase: 'loading' | 'ready' | 'failed';
  error: string | null;
  /** when the session ends, on the browser's clock */
  deadline: number | null;
  expired: boolean;
  opening: boolean;
}

export const isExpiredError = (err: unknown) => err instanceof ConsoleApiError && err.code === 'EDITOR_SESSION_EXPIRED';
const messageOf = (err: unknown) =>
  err instanceof ConsoleApiError ? err.message : 'The editor could not be reached. Try again.';

// The API's clock offset, learned when this tab opened the session, outlives a reload.
const skewKey = (documentId: string) => `signdesk.editor.clock.${documentId}`;
function rememberedSkew(documentId: string, expiresAt: string): number {
  try {
    const saved = JSON.parse(sessionStorage.getItem(skewKey(documentId)) ?? 'null') as {
      expiresAt?: string;
      skew?: number;
    } | null;
    return saved?.expiresAt === expiresAt && typeof saved.skew === 'number' ? saved.skew : 0;
  } catch {
    return 0;
  }
}

/**
 * The document's editor session: reuses a live one on load, else opens one; counts down to its
 * end and reports it expired then, or when the API says so.
 */
export function useEditorSession(documentId: string, onSnapshot: (snap: EditorSnapshot, how: SessionHow) => void) {
  const [state, setState] = useState<SessionState>({
    phase: 'loading',
    error: null,
    deadline: null,
    expired: false,
    opening: false,
  });
  const callback = useRef(onSnapshot);
  useEffect(() => {
    callback.current = onSnapshot;
  }, [onSnapshot]);

  const open = useCallback(async () => {
    setState((s) => ({ ...s, opening: true }));
    try {
      const snap = await openEditor(documentId);
      const receivedAt = Date.now();
      const skew = clockSkew(snap.expiresAt ?? '', receivedAt);
      try {
        sessionStorage.setItem(skewKey(documentId), JSON.stringify({ expiresAt: snap.expiresAt, skew }));
      } catch {
        // without storage the countdown falls back to the API's expiry as written
      }
      setState({
        phase: 'ready',
        error: null,
        deadline: localDeadline(snap.expiresAt ?? '', skew, receivedAt),
        expired: false,
        opening: false,
      });
      callback.current(snap, 'opened');
    } catch (err) {
      setState((s) => ({ ...s, opening: false, phase: s.phase === 'ready' ? 'ready' : 'failed', error: messageOf(err) }));
      toast.error(`A new editor session could not be opened: ${messageOf(err)}`);
    }
  }, [documentId]);

  const start = useCallback(async () => {
    setState((s) => ({ ...s, phase: 'loading', error: null }));
    try {
      const snap = await readEditor(documentId);
      const expiresAt = snap.expiresAt ?? '';
      const deadline = localDeadline(expiresAt, rememberedSkew(documentId, expiresAt), Date.now());
      setState({ phase: 'ready', error: null, deadline, expired: false, opening: false });
      callback.current(snap, 'read');
    } catch (err) {
      if (isExpiredError(err)) return open();
      setState((s) => ({ ...s, phase: 'failed', error: messageOf(err) }));
    }
  }, [documentId, open]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const { deadline, expired } = state;
  useEffect(() => {
    if (deadline === null || expired) return;
    const left = deadline - Date.now();
    const warn =
      left > SESSION_WARNING_MS
        ? setTimeout(
            () => toast.warning('The editor session ends in 5 minutes. Save your layout, or renew the session.'),
            left - SESSION_WARNING_MS,
          )
        : undefined;
    const end = setTimeout(() => setState((s) => ({ ...s, expired: true })), Math.max(0, left));
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }, [deadline, expired]);

  const markExpired = useCallback(() => setState((s) => ({ ...s, expired: true })), []);
  return { ...state, open, retry: start, markExpired };
}

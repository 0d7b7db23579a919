'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConsoleApiError } from '@/lib/api-error';
import type { EditorAction, EditorModel } from '@/lib/editor/editor-model';
import { layoutProblems, problemCount } from '@/lib/editor/server-errors';
import { newIdempotencyKey } from '@/lib/idempotency';
import { readEditor, sendEditorCommand } from '@/lib/queries/editor';
import type { EditorCommand } from '@/lib/schemas/documents';
import type { AdoptCause, AdoptOutcome } from './use-editor-model';
import { isExpiredError } from './use-editor-session';

type CommandType = EditorCommand['type'];

type Notify = (kind: 'success' | 'error' | 'info', message: string, action?: { label: string; onClick(): void }) => void;

interface Deps {
  documentId: string;
  model: EditorModel;
  dispatch(action: EditorAction): void;
  adopt(snap: Awaited<ReturnType<typeof readEditor>>, cause: AdoptCause): AdoptOutcome;
  markExpired(): void;
  /** brings a field into view and selects it */
  reveal(id: string): void;
}

// Network failures, 5xx and "still running" may be retried with the same key, which the API
// then answers once; anything else is an answer to this intent, and the key is spent.
const retryable = (err: unknown) =>
  !(err instanceof ConsoleApiError) || err.status === 0 || err.status >= 500 || err.status === 429 || err.code === 'IDEMPOTENCY_IN_PROGRESS';

/** SAVE_LAYOUT and COMPLETE with the version last read, one Idempotency-Key per intent. */
export function useEditorCommands({ documentId, model, dispatch, adopt, markExpired, reveal }: Deps) {
  const [running, setRunning] = useState<CommandType | null>(null);
  const intent = useRef<{ body: string; key: string } | null>(null);
  // A second click before the button re-renders disabled must not send a second command.
  const busy = useRef(false);
  // One toast per outcome; a new outcome dismisses the last one instead of stacking under it.
  const lastToast = useRef<string | number | null>(null);
  const notify = useCallback<Notify>((kind, message, action) => {
    if (lastToast.current !== null) toast.dismiss(lastToast.current);
    lastToast.current = toast[kind](message, action ? { action } : undefined);
  }, []);
  const runRef = useRef<(type: CommandType) => Promise<boolean>>(async () => false);

  const failed = useCallback(
    async (err: unknown, type: CommandType, sent: EditorModel['fields']) => {
      const code = err instanceof ConsoleApiError ? err.code : null;
      if (code === 'INVALID_LAYOUT' && err instanceof ConsoleApiError) {
        const problems = layoutProblems(err.details, sent);
        dispatch({ type: 'rejected', problems });
        const first = Object.keys(problems.byField)[0];
        if (first) reveal(first);
        const n = problemCount(problems);
        notify('error', `The server refused the layout: ${n} ${n === 1 ? 'problem' : 'problems'}. The fields at fault are marked in red.`);
      } else if (code === 'VERSION_CONFLICT' || code === 'LAYOUT_COMPLETED') {
        try {
          const outcome = adopt(await readEditor(documentId), 'save');
          if (code === 'LAYOUT_COMPLETED') notify('error', 'This layout has been completed elsewhere; it can no longer be changed.');
          else if (outcome !== 'conflict') notify('info', 'The layout changed on the server; the editor now shows the current version. Check it, then try again.');
        } catch (readErr) {
          if (isExpiredError(readErr)) markExpired();
          notify('error', `The layout changed on the server, and the current one could not be read: ${readErr instanceof Error ? readErr.message : 'try again'}`);
        }
      } else if (isExpiredError(err)) {
        markExpired();
        notify('error', 'The editor session has expired. Open a new session; your layout is kept.');
      } else if (retryable(err)) {
        notify('error', `${type === 'COMPLETE' ? 'Completing' : 'Saving'} failed: ${err instanceof Error ? err.message : 'unknown error'}`, {
          label: 'Try again',
          onClick: () => void runRef.current(type),
        });
      } else {
        notify('error', err instanceof Error ? err.message : 'The command failed.');
      }
    },
    [adopt, dispatch, documentId, markExpired, notify, reveal],
  );

  const run = useCallback(
    async (type: CommandType): Promise<boolean> => {
      if (busy.current || model.version === null) return false;
      busy.current = true;
      const command: EditorCommand = { type, expectedVersion: model.version, layout: { fields: model.fields } };
      const body = JSON.stringify(command);
      if (intent.current?.body !== body) intent.current = { body, key: newIdempotencyKey('editor') };
      setRunning(type);
      try {
        const snap = await sendEditorCommand(documentId, command, intent.current.key);
        intent.current = null;
        dispatch({ type: 'saved', fields: snap.fields, version: snap.version, status: snap.status });
        notify('success', type === 'COMPLETE' ? `Layout completed with ${snap.fields.length} fields (version ${snap.version}).` : `Layout saved as version ${snap.version}.`);
        return true;
      } catch (err) {
        if (!retryable(err)) intent.current = null;
        await failed(err, type, model.fields);
        return false;
      } finally {
        busy.current = false;
        setRunning(null);
      }
    },
    [dispatch, documentId, failed, model.fields, model.version, notify],
  );
  useEffect(() => {
    runRef.current = run;
  }, [run]);

  return { running, save: () => run('SAVE_LAYOUT'), complete: () => run('COMPLETE') };
}

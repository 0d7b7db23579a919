'use client';

import { useCallback, useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import type { EditorAction, EditorModel } from '@/lib/editor/editor-model';
import { layoutProblems } from '@/lib/editor/server-errors';
import type { Outcome } from '@/lib/intents/intent-key';
import { readEditor } from '@/lib/editor/queries';
import { useEditorCommand } from '@/lib/editor/mutations';
import type { EditorCommand } from '@/lib/documents/schemas';
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

/**
 * SAVE_LAYOUT and COMPLETE with the version last read, on the keyed-mutation hook: its key is
 * the command body's, so a second click or a "Try again" of the same layout reuses it while the
 * first answer is not known, and the API answers it once.
 */
export function useEditorCommands({ documentId, model, dispatch, adopt, markExpired, reveal }: Deps) {
  // One toast per outcome; a new outcome dismisses the last one instead of stacking under it.
  const lastToast = useRef<string | number | null>(null);
  const notify = useCallback<Notify>((kind, message, action) => {
    if (lastToast.current !== null) toast.dismiss(lastToast.current);
    lastToast.current = toast[kind](message, action ? { action } : undefined);
  }, []);
  // A command (a "Try again" too) carries the layout on screen when the user acts.
  const shown = useRef(model);
  useEffect(() => {
    shown.current = model;
  });

  const failed = useCallback(
    async (err: unknown, outcome: Exclude<Outcome, 'done'>, sent: EditorCommand, retry: () => void) => {
      // Decided on what the spec fixes: 400 (or 422) is an invalid layout, 409 a stale version
      // or a completed layout (a fresh read tells which), whatever code the API gives.
      const status = err instanceof ConsoleApiError ? err.status : null;
      if (isExpiredError(err)) {
        markExpired();
        notify('error', 'The editor session has expired. Open a new session; your layout is kept.');
      } else if (outcome === 'unknown') {
        notify(
          'error',
          `${sent.type === 'COMPLETE' ? 'Completing' : 'Saving'} failed: ${err instanceof Error ? err.message : 'unknown error'}`,
          {
            label: 'Try again',
            onClick: retry,
          },
        );
      } else if ((status === 400 || status === 422) && err instanceof ConsoleApiError) {
        const problems = layoutProblems(err.details, sent.layout?.fields ?? []);
        dispatch({ type: 'rejected', problems });
        const first = Object.keys(problems.byField)[0];
        if (first) reveal(first);
        // No toast: the refusal is said beside the fields at fault and in the problem list
        // (announced as it appears), where a toast would cover the panel's own message.
      } else if (status === 409) {
        try {
          const fresh = await readEditor(documentId);
          const adopted = adopt(fresh, 'save');
          if (fresh.status === 'completed')
            notify('error', 'This layout has been completed elsewhere; it can no longer be changed.');
          else if (adopted !== 'conflict')
            notify(
              'info',
              'The layout changed on the server; the editor now shows the current version. Check it, then try again.',
            );
        } catch (readErr) {
          if (isExpiredError(readErr)) markExpired();
          notify(
            'error',
            `The layout changed on the server, and the current one could not be read: ${readErr instanceof Error ? readErr.message : 'try again'}`,
          );
        }
      } else {
        notify('error', err instanceof Error ? err.message : 'The command failed.');
      }
    },
    [adopt, dispatch, documentId, markExpired, notify, reveal],
  );

  const command = useEditorCommand(documentId, {
    onDone(snap, body) {
      dispatch({ type: 'saved', fields: snap.fields, version: snap.version, status: snap.status });
      notify(
        'success',
        body.type === 'COMPLETE'
          ? `Layout completed with ${snap.fields.length} fields (version ${snap.version}).`
          : `Layout saved as version ${snap.version}.`,
      );
    },
    // "Try again" sends the layout on screen then: unchanged, it is the same intent and key.
    onFailed: (err, { outcome, input }) => failed(err, outcome, input, () => void run(input.type)),
  });

  const send = command.run;
  const run = useCallback(
    (type: CommandType): Promise<boolean> => {
      const { version, fields } = shown.current;
      if (version === null) return Promise.resolve(false);
      // Failures are told by `failed`; the caller only learns whether the command went through.
      return send({ type, expectedVersion: version, layout: { fields } }).then(
        () => true,
        () => false,
      );
    },
    [send],
  );

  const running: CommandType | null = command.pending ? (command.input?.type ?? null) : null;
  return { running, save: () => run('SAVE_LAYOUT'), complete: () => run('COMPLETE') };
}

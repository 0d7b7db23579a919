'use client';

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { acceptLayout } from '@/lib/editor/draft';
import { layoutKey } from '@/lib/unsaved-work/browser-store';
import { readCopy, writeCopy } from '@/lib/unsaved-work/local-copy';
import { editorReducer, initialModel, isDirty } from '@/lib/editor/editor-model';
import { rebaseLayout, sameLayout } from '@/lib/editor/layout-diff';
import type { EditorSnapshot } from '@/lib/editor/queries';
import type { Conflict } from './conflict-dialog';

/** Why the server was read: a session was read or opened, or a command was refused. */
export type AdoptCause = 'session' | 'save';
export type AdoptOutcome = 'loaded' | 'kept' | 'conflict';

const readDraft = (documentId: string) => readCopy(layoutKey(documentId), acceptLayout)?.values ?? null;

/** The layout being edited, kept in this browser (lib/unsaved-work) while unsaved, and reconciled with server reads. */
export function useEditorModel(documentId: string) {
  const [model, dispatch] = useReducer(editorReducer, initialModel);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const latest = useRef(model);
  useEffect(() => {
    latest.current = model;
  }, [model]);

  useEffect(() => {
    if (model.version === null) return; // nothing read yet: a stored draft must survive until it is looked at
    const unsaved = model.status === 'draft' && isDirty(model);
    writeCopy(
      layoutKey(documentId),
      unsaved ? { fields: model.fields, base: model.base, version: model.version, extraSlots: model.extraSlots } : null,
    );
  }, [documentId, model]);

  /** Takes a fresh server read; unsaved local edits are kept when the version still matches, else the user decides. */
  const adopt = useCallback(
    (snap: EditorSnapshot, cause: AdoptCause): AdoptOutcome => {
      const server = { fields: snap.fields, version: snap.version, status: snap.status };
      const current = latest.current;
      // The first read of this page visit picks up what an earlier visit left unsaved.
      const draft = current.version === null ? readDraft(documentId) : null;
      const local = draft ?? (current.version === null ? null : { ...current, version: current.version });
      if (!local || sameLayout(local.fields, local.base) || sameLayout(local.fields, snap.fields)) {
        dispatch({ type: 'loaded', ...server });
        return 'loaded';
      }
      if (snap.status === 'completed') {
        dispatch({ type: 'loaded', ...server });
        // A refused command says so itself; a session read has no other voice.
        if (cause === 'session') toast.error('This layout was completed elsewhere; your unsaved changes could not be applied.');
        return 'loaded';
      }
      if (local.version === snap.version) {
        dispatch({ type: 'rebased', ...server, local: local.fields, extraSlots: local.extraSlots });
        if (draft)
          toast.info(
            `Restored your unsaved layout (${local.fields.length} ${local.fields.length === 1 ? 'field' : 'fields'}) kept in this browser.`,
          );
        return 'kept';
      }
      // Until the user chooses, the editor keeps showing their layout on the version it came from.
      dispatch({
        type: 'rebased',
        fields: local.base,
        version: local.version,
        status: 'draft',
        local: local.fields,
        extraSlots: local.extraSlots,
      });
      setConflict({
        server,
        base: local.base,
        baseVersion: local.version,
        local: local.fields,
        cause: cause === 'save' ? 'save' : 'session',
      });
      return 'conflict';
    },
    [documentId],
  );

  const keepMine = useCallback(() => {
    if (!conflict) return;
    const { fields } = rebaseLayout(conflict.base, conflict.local, conflict.server.fields);
    dispatch({
      type: 'rebased',
      fields: conflict.server.fields,
      version: conflict.server.version,
      status: 'draft',
      local: fields,
    });
    setConflict(null);
    toast.info(`Your changes now sit on top of version ${conflict.server.version}. Review them, then save.`);
  }, [conflict]);

  const takeServer = useCallback(() => {
    if (!conflict) return;
    dispatch({ type: 'loaded', fields: conflict.server.fields, version: conflict.server.version, status: 'draft' });
    setConflict(null);
    toast.info(`Showing the server’s layout, version ${conflict.server.version}. Your changes were discarded.`);
  }, [conflict]);

  return { model, dispatch, conflict, adopt, keepMine, takeServer };
}

'use client';

import { useCallback } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { ErrorDetail } from '@/lib/api-error';
import { useDraftSave } from './use-draft-save';
import { useKeptForm, type Restored } from './use-kept-form';
import { useLeaveGuard } from './use-leave-guard';
import type { SaveOutcome } from './use-server-draft';

/** The console's draft of the form: what is saved, and how a save and a load go. */
export interface ServerDraftOf<T extends FieldValues, D> {
  /** the draft as last read or saved, if there is one */
  saved: { version: number } | null;
  save(values: T, overVersion?: number): Promise<SaveOutcome<D>>;
  /** start over from the draft as saved elsewhere */
  load(draft: D): void;
  /** the form's field a refusal's detail names */
  fieldOf(detail: ErrorDetail): FieldPath<T> | undefined;
  /** what becomes of a draft that is done with: "sent", "submitted" */
  done: string;
  /** said once a save lands, from the form's button or the leave dialog */
  onSaved?(): void;
}

export interface UnsavedWorkOptions<T extends FieldValues, D> {
  form: UseFormReturn<T>;
  /** what the leave dialog calls the work: "request", "package details" */
  what: string;
  /**
   * a copy kept in this browser under this scope, restored on the next visit (then a reload
   * asks nothing); none: the work lives in the page, and a reload or a closed tab asks first
   */
  scope?: string;
  carried?: T;
  /** whether there is unsaved work, where "not the form's defaults" is not the measure */
  dirty?: boolean;
  /** the work went (sent, submitted): nothing is guarded any more */
  done?: boolean;
  /** a draft kept by the console, saved from the form and from the leave dialog */
  draft?: ServerDraftOf<T, D>;
  /**
   * the version of what is saved that the form started from, where the draft is not the
   * console's (a revision's draft at the API); a copy typed over an older one is said to be older
   */
  basis?: number;
  /** another way to keep the work from the leave dialog (answers whether it is kept) */
  keep?: { label: string; busy: boolean; run(): Promise<boolean> };
}

/**
 * The one "unsaved work" capability of a form: the leave guard (the browser's prompt and the
 * in-console leave dialog), the copy kept in this browser and its restoring, the console's draft
 * (saving, a save over another tab's, the draft saved again since the copy) and what the leave
 * dialog offers. The form shows `leaveDialog` in a <LeaveDialog> and the notices in an
 * <UnsavedNotice> (components/unsaved-work).
 */
export function useUnsavedWork<T extends FieldValues, D = never>(options: UnsavedWorkOptions<T, D>) {
  const { form, what, scope, carried, done = false, draft, keep } = options;
  const kept = useKeptForm(form, { scope, carried, draftVersion: options.basis ?? draft?.saved?.version });
  const dirty = options.dirty ?? form.formState.isDirty;
  const guard = useLeaveGuard(dirty && !done, { kept: scope === undefined ? 'page' : 'browser' });
  const { discard, settle } = kept;
  const saving = useDraftSave<T, D>({
    form,
    fieldOf: draft?.fieldOf ?? (() => undefined),
    done: draft?.done ?? 'sent',
    async onSaveDraft(values, overVersion) {
      if (!draft) throw new Error('This form keeps no draft.');
      const outcome = await draft.save(values, overVersion);
      if (outcome.kind === 'saved') {
        // What is saved is the form's new baseline: the copy goes, and leaving asks nothing.
        discard();
        settle();
        form.reset(values);
        draft.onSaved?.();
      }
      return outcome;
    },
  });

  /** Leave without keeping anything: the copy goes too, or the next visit would bring it back. */
  const leave = useCallback(() => {
    discard();
    guard.leave();
  }, [discard, guard]);
  /** Take the console's draft over what this browser kept: the form's defaults are the draft. */
  const takeSavedDraft = useCallback(() => {
    discard();
    settle();
    form.reset();
  }, [discard, settle, form]);
  /** Take the draft as saved elsewhere (after a refused save over it): the flow starts over from it. */
  const loadTheirs = useCallback(
    (theirs: D) => {
      discard();
      draft?.load(theirs);
    },
    [discard, draft],
  );

  const saveAndLeave = draft ? { label: 'Save draft and leave', busy: saving.saving, run: () => saving.save() } : keep;
  const leaveDialog = {
    open: guard.pending !== null,
    what,
    onStay: guard.stay,
    onLeave: leave,
    // Leaves once the work is kept; a conflict or a refusal keeps the user here to see it.
    save: saveAndLeave && {
      label: saveAndLeave.label,
      busy: saveAndLeave.busy,
      run: () => void saveAndLeave.run().then((ok) => (ok ? guard.leave() : guard.stay())),
    },
  };

  return {
    dirty,
    /** the input kept in this browser that this visit restored, until it is saved or settled */
    restored: kept.restored as Restored | null,
    /** the restored notice was read, or the choice it offered made */
    settle,
    /** drops the copy kept in this browser (the work was sent, or carried elsewhere) */
    discard,
    takeSavedDraft,
    loadTheirs,
    /** Save draft: `save(overVersion)` answers whether it is saved; `conflict` is the draft as saved elsewhere */
    draftSave: saving,
    leaveDialog,
  };
}

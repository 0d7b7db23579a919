'use client';

import { useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ConsoleApiError, type ErrorDetail } from '@/lib/api-error';
import type { SaveOutcome } from './use-server-draft';
import { applyApiError } from '@/lib/forms/apply-api-error';

interface DraftSave<T extends FieldValues, D> {
  form: UseFormReturn<T>;
  /** the form's field a refusal's detail names (the route names them under `values.`) */
  fieldOf(detail: ErrorDetail): FieldPath<T> | undefined;
  onSaveDraft(values: T, overVersion?: number): Promise<SaveOutcome<D>>;
  /** what becomes of a draft that is done with: "sent", "submitted" */
  done: string;
}

/**
 * "Save draft" on a form: nothing is validated (a draft may be unfinished), one save runs at a
 * time, and a refusal lands on the fields it names. A conflict is kept for the form to show.
 */
export function useDraftSave<T extends FieldValues, D>({ form, fieldOf, onSaveDraft, done }: DraftSave<T, D>) {
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<D | null>(null);
  // A second click can arrive before the disabled button has been drawn.
  const running = useRef(false);

  /** Answers whether the draft is now saved (a conflict, a refusal or an unknown outcome is not). */
  const save = async (overVersion?: number): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setSaving(true);
    form.clearErrors('root.server');
    try {
      const outcome = await onSaveDraft(form.getValues(), overVersion);
      setConflict(outcome.kind === 'conflict' ? outcome.theirs : null);
      if (outcome.kind === 'saved') return true;
      if (outcome.kind === 'gone') {
        form.setError('root.server', {
          type: 'draft',
          message: `This draft was ${done} or deleted elsewhere, so nothing was saved over it. Save draft again to keep these values as a new draft.`,
        });
      }
    } catch (err) {
      applyApiError(form, err, {
        fieldOf: (d) => fieldOf({ ...d, path: d.path.replace(/^values\./, '') }),
        focus: false,
        alwaysRoot: true,
        refused: (e) => `The draft was not saved: ${e.message}`,
        // A create whose answer was lost may have made the draft; saving again under the same key finds it.
        unknown: (e) =>
          `It is not known yet whether the draft was saved${e instanceof ConsoleApiError ? `: ${e.message}` : '.'} Save draft again to make sure.`,
      });
    } finally {
      running.current = false;
      setSaving(false);
    }
    return false;
  };

  return { saving, conflict, save };
}

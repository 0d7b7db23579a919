'use client';

import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ConsoleApiError } from '@/lib/api-error';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { PackageDraft } from '@/lib/package-drafts/schemas';
import { applyApiError } from '@/lib/forms/apply-api-error';
import { sendFieldOf, type SendFormValues } from './form-model';
import type { SaveOutcome } from './use-saved-draft';

interface SaveDraftAction {
  form: UseFormReturn<SendFormValues>;
  template: SignTemplate;
  onSaveDraft(values: SendFormValues, overVersion?: number): Promise<SaveOutcome>;
}

/**
 * "Save draft" on the send form: nothing is validated (a draft may be unfinished), one save
 * runs at a time, and a refusal lands on the fields it names, like a preview's does.
 */
export function useSaveDraftAction({ form, template, onSaveDraft }: SaveDraftAction) {
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<PackageDraft | null>(null);
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
          message:
            'This draft was sent or deleted elsewhere, so nothing was saved over it. Save draft again to keep these values as a new draft.',
        });
      }
    } catch (err) {
      const fieldOf = sendFieldOf(template);
      applyApiError(form, err, {
        // The route names fields under `values.`; the form names them without.
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

'use client';

import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ConsoleApiError } from '@/lib/api-error';
import type { SignTemplate } from '@/lib/schemas/catalog';
import type { PackageDraft } from '@/lib/schemas/package-drafts';
import { placeDetails, type SendFormValues } from './form-model';
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

  const save = async (overVersion?: number) => {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    form.clearErrors('root.server');
    try {
      const outcome = await onSaveDraft(form.getValues(), overVersion);
      setConflict(outcome.kind === 'conflict' ? outcome.theirs : null);
      if (outcome.kind === 'gone') {
        form.setError('root.server', {
          type: 'draft',
          message:
            'This draft was sent or deleted elsewhere, so nothing was saved over it. Save draft again to keep these values as a new draft.',
        });
      }
    } catch (err) {
      if (!(err instanceof ConsoleApiError)) {
        form.setError('root.server', { type: 'draft', message: 'The draft could not be saved. Try again.' });
        return;
      }
      // The route names fields under `values.`; the form names them without.
      const details = err.details.map((d) => ({ ...d, path: d.path.replace(/^values\./, '') }));
      placeDetails(template, details).fields.forEach(([path, message]) => form.setError(path, { type: 'server', message }));
      form.setError('root.server', { type: err.code, message: `The draft was not saved: ${err.message}` });
    } finally {
      running.current = false;
      setSaving(false);
    }
  };

  return { saving, conflict, save };
}

'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConsoleApiError } from '@/lib/api-error';
import { previewPackage, type ReceivedPreview } from '@/lib/packages/queries';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { PackageDraft } from '@/lib/package-drafts/schemas';
import type { PreviewInput } from '@/lib/packages/schemas';
import { applyApiError } from '@/lib/forms/apply-api-error';
import { Button } from '../../ui/button';
import { LinkButton } from '../../ui/link-button';
import { DetailsFields } from './details-fields';
import { draftDifference, sameValues } from './draft-model';
import { DraftStatus } from '../../unsaved-work/draft-status';
import { sendFieldOf, sendFormSchema, toPreviewInput, type SendFormValues } from '@/lib/packages/send-form';
import { FormError } from '../../ui/form-error';
import { LeaveDialog } from '../../unsaved-work/leave-dialog';
import { UnsavedNotice } from '../../unsaved-work/unsaved-notice';
import type { SaveOutcome } from '@/lib/unsaved-work/use-server-draft';
import { useUnsavedWork } from '@/lib/unsaved-work/use-unsaved-work';

interface DetailsFormProps {
  template: SignTemplate;
  defaultValues: SendFormValues;
  /** what is saved: the blank form, or the draft it was resumed from or last saved as */
  baseline: SendFormValues;
  /** the draft as last saved; null while there is none */
  saved: PackageDraft | null;
  onSaveDraft(values: SendFormValues, overVersion?: number): Promise<SaveOutcome<PackageDraft>>;
  /** start over from the draft as another tab saved it */
  onLoadDraft(draft: PackageDraft): void;
  /** called with what was typed when the form goes away (template switch, review), so nothing is lost */
  onKeep(values: SendFormValues): void;
  onPreviewed(received: ReceivedPreview, input: PreviewInput, values: SendFormValues): void;
}

/** Step 1: the template's values, one signer per slot and the expiry; "Preview" freezes them behind a receipt. */
export function DetailsForm({
  template,
  defaultValues,
  baseline,
  saved,
  onSaveDraft,
  onLoadDraft,
  onKeep,
  onPreviewed,
}: DetailsFormProps) {
  const schema = useMemo(() => sendFormSchema(template), [template]);
  const form = useForm<SendFormValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const keep = useRef(onKeep);
  useEffect(() => {
    keep.current = onKeep;
  });
  const { getValues } = form;
  // Leaving the form (another template chosen) keeps what was typed and drops a preview in flight.
  const inFlight = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      inFlight.current?.abort();
      keep.current(getValues());
    },
    [getValues],
  );

  const preview = async (values: SendFormValues) => {
    const input = toPreviewInput(template, values);
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const receipt = await previewPackage(input, controller.signal);
      onPreviewed(receipt, input, values);
    } catch (err) {
      if (controller.signal.aborted) return;
      applyApiError(form, err, {
        fieldOf: sendFieldOf(template),
        // A preview changes nothing upstream, so a lost answer is only a failure to repeat.
        unknown: (e) => (e instanceof ConsoleApiError ? e.message : 'The preview could not be made. Try again.'),
      });
    }
  };

  const { errors, isSubmitting } = form.formState;
  // Unsaved means "not what is saved", not react-hook-form's "not the defaults": a form
  // remounted with what was typed (back from the review) starts from those values.
  const current = useWatch({ control: form.control }) as SendFormValues;
  const fieldOf = useMemo(() => sendFieldOf(template), [template]);
  // Kept in the page only (per template, by the flow): a reload or a closed tab asks first.
  const work = useUnsavedWork<SendFormValues, PackageDraft>({
    form,
    what: 'package details',
    dirty: !sameValues(current, baseline),
    draft: { saved, save: onSaveDraft, load: onLoadDraft, fieldOf, done: 'sent' },
  });
  const { dirty } = work;
  const draft = work.draftSave;
  const conflict = draft.conflict;
  const rootError = errors.root?.server?.message;

  return (
    <form onSubmit={(e) => void form.handleSubmit(preview)(e)} noValidate aria-label="Package details">
      <fieldset disabled={isSubmitting || draft.saving} className="flex flex-col gap-5">
        <DetailsFields template={template} form={form} />
        <FormError error={rootError} />
        {conflict && (
          <UnsavedNotice
            kind="conflict"
            savedAt={conflict.updated_at}
            difference={draftDifference(template, current, conflict)}
            busy={draft.saving}
            onOverwrite={() => void draft.save(conflict.version)}
            onLoad={() => work.loadTheirs(conflict)}
          />
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <DraftStatus savedAt={saved?.updated_at ?? null} dirty={dirty} />
          <LinkButton href="/packages" variant="secondary">
            Cancel
          </LinkButton>
          <Button variant="secondary" busy={draft.saving} onClick={() => void draft.save()}>
            {draft.saving ? 'Saving…' : 'Save draft'}
          </Button>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {/* The button is always as wide as its busy state (a hidden sizer in the same grid
                cell), so the buttons beside it do not move when the preview starts. */}
            <span className="grid">
              <span aria-hidden className="invisible col-start-1 row-start-1 flex items-center gap-2">
                <span className="size-3.5" />
                Preparing the preview…
              </span>
              <span className="col-start-1 row-start-1 flex items-center justify-center gap-2">
                {isSubmitting && (
                  <span className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
                )}
                {isSubmitting ? 'Preparing the preview…' : 'Preview'}
              </span>
            </span>
          </Button>
        </div>
      </fieldset>
      <LeaveDialog {...work.leaveDialog} />
    </form>
  );
}

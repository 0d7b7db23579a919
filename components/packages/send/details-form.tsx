'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConsoleApiError } from '@/lib/api-error';
import { previewPackage } from '@/lib/queries/packages';
import type { SignTemplate } from '@/lib/schemas/catalog';
import type { PackageDraft } from '@/lib/schemas/package-drafts';
import type { Preview, PreviewInput } from '@/lib/schemas/packages';
import { applyApiError } from '../../ui/apply-api-error';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/field';
import { LinkButton } from '../../ui/link-button';
import { DraftConflict } from './draft-conflict';
import { sameValues } from './draft-model';
import { DraftStatus } from './draft-status';
import { ExpiryField } from './expiry-field';
import { sendFieldOf, sendFormSchema, toPreviewInput, type SendFormValues } from './form-model';
import { FormError } from '../../ui/form-error';
import { LeaveDialog } from '../../ui/leave-dialog';
import { useLeaveGuard } from '../../ui/use-leave-guard';
import { useSaveDraftAction } from './use-save-draft-action';
import type { SaveOutcome } from './use-saved-draft';

function Group({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <fieldset className="rounded-lg bg-white p-5 ring-1 ring-slate-200">
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">{title}</legend>
      {description && <p className="clear-both mb-3 text-sm text-slate-600">{description}</p>}
      <div className="clear-both grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );
}

interface DetailsFormProps {
  template: SignTemplate;
  defaultValues: SendFormValues;
  /** what is saved: the blank form, or the draft it was resumed from or last saved as */
  baseline: SendFormValues;
  /** when the draft was last saved; null while there is none */
  savedAt: string | null;
  onSaveDraft(values: SendFormValues, overVersion?: number): Promise<SaveOutcome>;
  /** start over from the draft as another tab saved it */
  onLoadDraft(draft: PackageDraft): void;
  /** called with what was typed when the form goes away (template switch, review), so nothing is lost */
  onKeep(values: SendFormValues): void;
  onPreviewed(preview: Preview, input: PreviewInput, values: SendFormValues): void;
}

/** Step 1: the template's values, one signer per slot and the expiry; "Preview" freezes them behind a receipt. */
export function DetailsForm({
  template,
  defaultValues,
  baseline,
  savedAt,
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
  const dirty = !sameValues(current, baseline);
  const guard = useLeaveGuard(dirty);
  const draft = useSaveDraftAction({ form, template, onSaveDraft });
  const conflict = draft.conflict;
  const days = useWatch({ control: form.control, name: 'expires_in_days' });
  const rootError = errors.root?.server?.message;

  return (
    <form onSubmit={(e) => void form.handleSubmit(preview)(e)} noValidate aria-label="Package details">
      <fieldset disabled={isSubmitting || draft.saving} className="flex flex-col gap-5">
        {template.sender_fields.length > 0 && (
          <Group title="Values in the document" description={`Filled into ${template.name} where the template places them.`}>
            {template.sender_fields.map((f) => (
              <Field
                key={f.key}
                label={f.label}
                required={f.required}
                error={errors.sender_values?.[f.key]?.message}
                hint={f.type === 'number' ? 'A number, e.g. 1250.50' : undefined}
              >
                <Input
                  type={f.type === 'date' ? 'date' : 'text'}
                  inputMode={f.type === 'number' ? 'decimal' : undefined}
                  {...form.register(`sender_values.${f.key}`)}
                />
              </Field>
            ))}
          </Group>
        )}
        {template.slots.map((slot, i) => (
          <Group
            key={slot.slot_id}
            title={`Signer: ${slot.label}`}
            description="Receives the invitation by e-mail; the phone number confirms who signs."
          >
            <Field label="Name" required error={errors.signers?.[i]?.name?.message}>
              <Input autoComplete="off" {...form.register(`signers.${i}.name`)} />
            </Field>
            <Field label="E-mail" required error={errors.signers?.[i]?.email?.message}>
              <Input type="email" autoComplete="off" {...form.register(`signers.${i}.email`)} />
            </Field>
            <Field
              label="Phone"
              required
              error={errors.signers?.[i]?.phone?.message}
              hint="International format, e.g. +4915112345678"
            >
              <Input type="tel" autoComplete="off" placeholder="+4915112345678" {...form.register(`signers.${i}.phone`)} />
            </Field>
          </Group>
        ))}
        <Group title="Expiry" description="Signers must finish before the package expires; choose how long they have.">
          <ExpiryField
            registration={form.register('expires_in_days')}
            value={days}
            error={errors.expires_in_days?.message}
            onPick={(picked) =>
              form.setValue('expires_in_days', String(picked), { shouldDirty: true, shouldTouch: true, shouldValidate: true })
            }
          />
        </Group>
        <FormError error={rootError} />
        {conflict && (
          <DraftConflict
            template={template}
            mine={current}
            theirs={conflict}
            busy={draft.saving}
            onOverwrite={() => void draft.save(conflict.version)}
            onLoad={() => onLoadDraft(conflict)}
          />
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <DraftStatus savedAt={savedAt} dirty={dirty} />
          <LinkButton href="/packages" variant="secondary">
            Cancel
          </LinkButton>
          <Button variant="secondary" busy={draft.saving} onClick={() => void draft.save()}>
            {draft.saving ? 'Saving…' : 'Save draft'}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? 'Preparing the preview…' : 'Preview'}
          </Button>
        </div>
      </fieldset>
      <LeaveDialog open={guard.pending !== null} what="package details" onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}

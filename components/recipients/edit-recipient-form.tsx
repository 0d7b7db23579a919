'use client';

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { adminErrorPlacement } from '@/lib/forms/admin-placement';
import { useUpdateRecipient } from '@/lib/recipients/mutations';
import type { Recipient, RecipientFields } from '@/lib/recipients/schemas';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import { FormError } from '../ui/form-error';
import { lazyResolver } from '../ui/lazy-resolver';

const resolver = lazyResolver(() => import('./recipient-resolvers').then((m) => m.recipientResolver));
// 422 details on their fields, the address another entry has on the e-mail, a change made
// meanwhile (409, naming what the book holds now) above the buttons.
const PLACEMENT = adminErrorPlacement<RecipientFields>({ fields: ['name', 'email', 'phone'] });
const ignore = () => undefined;

/**
 * One entry edited in its row. Saved over the version the list showed: if someone changed it
 * meanwhile the form says what it holds now and keeps what was typed; the list is read again,
 * so a second Save goes over the new version knowingly.
 */
export function EditRecipientForm({ recipient, onClose }: { recipient: Recipient; onClose(): void }) {
  const form = useForm({
    resolver,
    defaultValues: { name: recipient.name, email: recipient.email, phone: recipient.phone ?? '' },
  });
  const save = useUpdateRecipient<RecipientFields>({
    form: { target: form, placement: PLACEMENT },
    onDone(saved) {
      toast.success(`Saved ${saved.name} <${saved.email}>.`);
      onClose();
    },
  });
  const { setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);
  const { errors, isSubmitting, isDirty } = form.formState;
  // Failures are shown on the form by the hook's binding only.
  const submit = form.handleSubmit((v) =>
    save
      .run({ id: recipient.id, input: { name: v.name, email: v.email, phone: v.phone ?? '', version: recipient.version } })
      .then(ignore, ignore),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Edit ${recipient.name}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !save.pending) onClose();
      }}
      className="min-w-64"
    >
      <fieldset disabled={isSubmitting || save.pending} className="flex flex-col gap-3">
        <Field label="Name" required error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </Field>
        <Field label="E-mail" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field label="Phone" error={errors.phone?.message} hint="Optional; international format, e.g. +49 151 12345678">
          <Input type="tel" autoComplete="off" {...form.register('phone')} />
        </Field>
        <FormError error={errors.root} />
        <div className="flex gap-2">
          <Button type="submit" size="sm" busy={isSubmitting || save.pending} disabled={!isDirty}>
            Save
          </Button>
          <Button variant="secondary" size="sm" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

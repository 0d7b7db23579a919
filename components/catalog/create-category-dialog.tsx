'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import type { z } from 'zod';
import { ConsoleApiError } from '@/lib/api-error';
import type { createCategorySchema } from '@/lib/catalog/schemas';
import { useCreateCategory } from '@/lib/catalog/mutations';
import { catalogItemHref } from '@/lib/catalog/kinds';
import { applyApiError, type ApiErrorPlacement } from '@/lib/forms/apply-api-error';
import { Button } from '../ui/button';
import { DialogForm } from '../ui/dialog-form';
import { Dialog } from '../ui/dialog';
import { Field, Input, Textarea } from '../ui/field';
import { lazyResolver } from '../ui/lazy-resolver';

type FormInput = z.input<typeof createCategorySchema>;
type FormOutput = z.output<typeof createCategorySchema>;
type FieldName = 'name' | 'description';

const resolver = lazyResolver(() => import('./catalog-resolvers').then((m) => m.createCategoryResolver));

const FIELDS: readonly FieldName[] = ['name', 'description'];

const isField = (part: string): part is FieldName => FIELDS.includes(part as FieldName);

// Console paths are "name"; the API's may be "body.name". Messages are shown as the API wrote them.
const PLACEMENT: ApiErrorPlacement<FieldName> = {
  root: 'root',
  codes: { CATEGORY_NAME_TAKEN: { field: 'name', message: (err) => `${err.message} Choose another name.` } },
  fieldOf: (d) => d.path.split('.').find(isField),
  fieldMessage: (d) => d.message,
  refused: (err) => err.message,
  // Without a definite answer the category may exist: say so, never "was not created".
  unknown: (err) =>
    `It is not known yet whether the category was created: ${err instanceof ConsoleApiError ? err.message : 'no answer came back.'} Your entries are kept: submit again to find out, without risk of creating the category twice.`,
};

/** Puts the API's answer where the user will look: on the field it concerns, else above the buttons. */
const showError = (form: UseFormReturn<FormInput, unknown, FormOutput>, err: unknown) => applyApiError(form, err, PLACEMENT);

/** "New category" for admins: a dialog form checked before sending, with the API's refusals shown on the fields. */
export function CreateCategoryDialog() {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { name: '', description: '' },
  });
  const create = useCreateCategory({
    onDone(created) {
      toast.success(`Category “${created.name}” created`, {
        action: { label: 'Open', onClick: () => router.push(catalogItemHref('categories', created.id)) },
      });
      form.reset();
      setOpen(false);
    },
    onFailed(err) {
      // Said in the dialog only (a toast besides would say it twice).
      showError(form, err);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  // Failures are shown by onFailed; the rejection carries nothing more.
  const submit = form.handleSubmit((input) =>
    create.run({ name: input.name, description: input.description }).then(
      () => undefined,
      () => undefined,
    ),
  );

  return (
    <>
      <Button onClick={() => setOpen(true)}>New category</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !isSubmitting && setOpen(next)}
        title="New category"
        description="Categories group request templates, workflows and forms. Creating one does not create a request form or widen the console's API access."
      >
        <DialogForm form={form} onSubmit={submit} onCancel={() => setOpen(false)} submitLabel="Create category">
          <Field
            label="Name"
            required
            error={errors.name?.message}
            hint="2 to 100 characters; no other active category may have the same name."
          >
            <Input {...form.register('name')} autoComplete="off" />
          </Field>
          <Field
            label="Description"
            error={errors.description?.message}
            hint={`Optional, up to 500 characters (${description.length}/500).`}
          >
            <Textarea {...form.register('description')} rows={4} />
          </Field>
        </DialogForm>
      </Dialog>
    </>
  );
}

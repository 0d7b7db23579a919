'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyApiError, type ApiErrorPlacement } from '@/lib/forms/apply-api-error';
import { FormError } from './form-error';
import { FormFooter } from './form-footer';
import { Dialog } from './dialog';
import { Field, Textarea } from './field';

const schema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, 'Give a reason of at least 5 characters')
    .max(500, 'The reason must be at most 500 characters'),
});

// A refusal of the reason lands on it, as the API wrote it; anything else, including an
// unknown outcome (whose message never says nothing was done), above the buttons.
const PLACEMENT: ApiErrorPlacement<'reason'> = {
  root: 'root',
  fieldOf: (d) => (d.path === 'reason' ? 'reason' : undefined),
  fieldMessage: (d) => d.message,
  focus: false,
  refused: (err) => err.message,
};

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** names the item, so the user confirms the right one */
  description: React.ReactNode;
  confirmLabel: string;
  onConfirm(reason: string): Promise<unknown>;
  /** more about a refusal, below its message (e.g. what blocks an archive) */
  children?: React.ReactNode;
}

/**
 * Confirmation that needs a reason (archive, delete). A failed request keeps the dialog open
 * with the reason as typed and the API's message on display.
 */
export function ReasonDialogView({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
}: ReasonDialogProps) {
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
      form.reset();
      onOpenChange(false);
    } catch (err) {
      applyApiError(form, err, PLACEMENT);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)} title={title} description={description}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
          <Field label="Reason" required error={errors.reason?.message} hint="5 to 500 characters; kept in the audit log.">
            <Textarea {...form.register('reason')} maxLength={600} />
          </Field>
          <FormError error={errors.root} />
          {children}
          <FormFooter onCancel={() => onOpenChange(false)} submitLabel={confirmLabel} variant="danger" busy={isSubmitting} />
        </fieldset>
      </form>
    </Dialog>
  );
}

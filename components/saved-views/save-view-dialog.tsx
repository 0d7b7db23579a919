'use client';

import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { applyApiError } from '@/lib/forms/apply-api-error';
import { VIEW_NAME_MAX } from '@/lib/saved-views/limits';
import { useSaveView } from '@/lib/saved-views/mutations';
import type { SavedViewList } from '@/lib/saved-views/schemas';
import { Dialog } from '../ui/dialog';
import { DialogForm } from '../ui/dialog-form';
import { Field, Input } from '../ui/field';

export interface SaveViewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  list: SavedViewList;
  query: string;
  /** the name the form starts from */
  suggestion: string;
}

/** The name of a view to keep, asked in a dialog; the API's refusal lands on the name. */
export function SaveViewDialog({ open, onOpenChange, list, query, suggestion }: SaveViewDialogProps) {
  const form = useForm<{ name: string }>({ values: { name: suggestion.slice(0, VIEW_NAME_MAX) } });
  const save = useSaveView({
    onDone(view) {
      toast.success(`Saved the view “${view.name}”. It is listed on your home.`);
      onOpenChange(false);
    },
    onFailed(err) {
      applyApiError(form, err, {
        root: 'root',
        codes: { VIEW_NAME_TAKEN: { field: 'name' } },
        fieldOf: (d) => (d.path === 'name' ? 'name' : undefined),
      });
    },
  });
  const submit = form.handleSubmit((input) =>
    save.run({ list, name: input.name.trim(), query }).then(
      () => undefined,
      () => undefined,
    ),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isSubmitting && onOpenChange(next)}
      title="Save this view"
      description="The list's search, filters and days are kept under a name; your home lists the view and opens the list as it is now filtered."
    >
      <DialogForm form={form} onSubmit={submit} onCancel={() => onOpenChange(false)} submitLabel="Save view">
        <Field label="Name" required error={errors.name?.message} hint={`Up to ${VIEW_NAME_MAX} characters; yours alone.`}>
          <Input
            {...form.register('name', {
              validate: (v) =>
                v.trim()
                  ? v.trim().length <= VIEW_NAME_MAX
                    ? true
                    : `At most ${VIEW_NAME_MAX} characters`
                  : 'Give the view a name',
            })}
            autoComplete="off"
          />
        </Field>
      </DialogForm>
    </Dialog>
  );
}

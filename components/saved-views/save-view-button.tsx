'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyApiError } from '@/lib/forms/apply-api-error';
import { useSaveView } from '@/lib/saved-views/mutations';
import { VIEW_NAME_MAX } from '@/lib/saved-views/limits';
import type { SavedViewList } from '@/lib/saved-views/schemas';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { DialogForm } from '../ui/dialog-form';
import { Field, Input } from '../ui/field';
import type { ListParams } from '../list/use-list-params';
import { describeViewQuery } from '@/lib/saved-views/describe';

interface SaveViewButtonProps {
  list: SavedViewList;
  /** the list's filters as its URL holds them now */
  query: string;
  /** a name to start from: what the filters say */
  suggestion: string;
}

/** A list's filters (its URL's, page and size aside) and the name they suggest, for SaveViewButton. */
export function viewOf(list: SavedViewList, params: ListParams): { query: string; suggestion: string } {
  const kept = new URLSearchParams();
  if (params.q) kept.set('q', params.q);
  for (const [name, value] of Object.entries(params.filters)) if (value) kept.set(name, value);
  const query = kept.toString();
  return { query, suggestion: describeViewQuery(list, query) };
}

/** "Save this view": keeps the list's current filters under a name, listed on the user's home. */
export function SaveViewButton({ list, query, suggestion }: SaveViewButtonProps) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const save = useSaveView({
    onDone(view) {
      toast.success(`Saved the view “${view.name}”. It is listed on your home.`);
      setOpen(false);
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
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          form.reset({ name: suggestion.slice(0, VIEW_NAME_MAX) });
          setOpen(true);
        }}
      >
        Save this view
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !isSubmitting && setOpen(next)}
        title="Save this view"
        description="The list's search, filters and days are kept under a name; your home lists the view and opens the list as it is now filtered."
      >
        <DialogForm form={form} onSubmit={submit} onCancel={() => setOpen(false)} submitLabel="Save view">
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
    </>
  );
}

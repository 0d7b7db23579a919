'use client';

import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { applyApiError } from '@/lib/forms/apply-api-error';
import { VIEW_NAME_MAX } from '@/lib/saved-views/limits';
import { useSaveView } from '@/lib/saved-views/mutations';
import type { SavedViewList } from '@/lib/saved-views/schemas';
import { myTeamsQuery } from '@/lib/teams/queries';
import { Dialog } from '../ui/dialog';
import { DialogForm } from '../ui/dialog-form';
import { Field, Input, Select } from '../ui/field';

export interface SaveViewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  list: SavedViewList;
  query: string;
  /** the name the form starts from */
  suggestion: string;
}

/**
 * The name of a view to keep and who sees it (its maker alone, or one of their teams), asked in a
 * dialog; the API's refusal lands on the field it concerns.
 */
export function SaveViewDialog({ open, onOpenChange, list, query, suggestion }: SaveViewDialogProps) {
  const form = useForm<{ name: string; team: string }>({ values: { name: suggestion.slice(0, VIEW_NAME_MAX), team: '' } });
  const teams = useQuery({ ...myTeamsQuery(), enabled: open }).data?.data ?? [];
  const save = useSaveView({
    onDone(view) {
      toast.success(
        view.team
          ? `Saved the view “${view.name}”, shared with ${view.team.name}: it is listed on each member’s home.`
          : `Saved the view “${view.name}”. It is listed on your home.`,
      );
      onOpenChange(false);
    },
    onFailed(err) {
      applyApiError(form, err, {
        root: 'root',
        codes: { VIEW_NAME_TAKEN: { field: 'name' }, TEAM_NOT_YOURS: { field: 'team' } },
        fieldOf: (d) => (d.path === 'name' ? 'name' : d.path === 'team_id' ? 'team' : undefined),
      });
    },
  });
  const submit = form.handleSubmit((input) =>
    save.run({ list, name: input.name.trim(), query, ...(input.team ? { team_id: input.team } : {}) }).then(
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
        <Field label="Name" required error={errors.name?.message} hint={`Up to ${VIEW_NAME_MAX} characters.`}>
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
        {teams.length > 0 && (
          <Field
            label="Who sees it"
            error={errors.team?.message}
            hint="A team’s members see a shared view on their home; only you (or an admin of the team) change or delete it. It keeps the filters, not the records: each member’s list shows what they may see."
          >
            <Select {...form.register('team')}>
              <option value="">Only me</option>
              {teams.map((t) => (
                <option key={t.id} value={t.id}>
                  Shared with {t.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </DialogForm>
    </Dialog>
  );
}

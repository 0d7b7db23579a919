'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { showApiError } from '@/lib/forms/admin-placement';
import { useCreateTeam, useRenameTeam } from '@/lib/teams/mutations';
import type { Team } from '@/lib/teams/schemas';
import { TEAM_NAME_MAX } from '@/lib/teams/schemas';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogForm } from '../../ui/dialog-form';
import { Field, Input } from '../../ui/field';
import { lazyResolver } from '../../ui/lazy-resolver';

const resolver = lazyResolver(() => import('../admin-resolvers').then((m) => m.teamNameResolver));
const ignore = () => undefined;
const CODE_FIELDS = { TEAM_NAME_TAKEN: 'name' as const };

/** The one field both dialogs ask for; a refusal (a name taken) stays in the dialog with the name typed. */
function NameDialog({
  open,
  setOpen,
  title,
  description,
  initial,
  submitLabel,
  save,
}: {
  open: boolean;
  setOpen(open: boolean): void;
  title: string;
  description: string;
  initial: string;
  submitLabel: string;
  save(name: string): Promise<unknown>;
}) {
  const form = useForm({ resolver, defaultValues: { name: initial } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((values) =>
    save(values.name).then(
      () => form.reset({ name: initial }),
      (err: unknown) => void showApiError(form, err, { fields: ['name'], codeFields: CODE_FIELDS }),
    ),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && setOpen(next)} title={title} description={description}>
      <DialogForm form={form} onSubmit={submit} onCancel={() => setOpen(false)} submitLabel={submitLabel}>
        <Field label="Team name" required error={errors.name?.message} hint={`At most ${TEAM_NAME_MAX} characters.`}>
          <Input autoComplete="off" maxLength={TEAM_NAME_MAX + 20} {...form.register('name')} />
        </Field>
      </DialogForm>
    </Dialog>
  );
}

/** "New team": its members are added on the team's card once it exists. */
export function NewTeamButton() {
  const [open, setOpen] = useState(false);
  const create = useCreateTeam({
    onDone(team) {
      toast.success(`Made the team ${team.name}. Add its members next.`);
      setOpen(false);
    },
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>New team</Button>
      <NameDialog
        open={open}
        setOpen={setOpen}
        title="New team"
        description="A team’s members see the packages, batches, requests and recipients sent for it. A person may be in several teams."
        initial=""
        submitLabel="Make the team"
        save={(name) => create.run(name)}
      />
    </>
  );
}

/** Renames a team; what it owns and who is in it stay as they are. */
export function RenameTeamButton({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const rename = useRenameTeam({
    onDone(renamed) {
      toast.success(`Renamed ${team.name} to ${renamed.name}.`);
      setOpen(false);
    },
  });
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Rename ${team.name}`}>
        Rename
      </Button>
      <NameDialog
        open={open}
        setOpen={setOpen}
        title={`Rename ${team.name}`}
        description="Its members and records stay as they are. A team fed by the identity provider is found by name: change OIDC_TEAM_MAP too."
        initial={team.name}
        submitLabel="Rename"
        save={(name) => rename.run({ id: team.id, name }).then(ignore)}
      />
    </>
  );
}

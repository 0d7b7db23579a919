'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '../ui/button';
import { DialogForm } from '../ui/dialog-form';
import { Dialog } from '../ui/dialog';
import { Field, Input } from '../ui/field';
import { lazyResolver } from '../ui/lazy-resolver';
import { PasswordField } from './password-field';
import { showApiError } from '@/lib/forms/admin-placement';
import { useCreateUser } from '@/lib/admin/user-mutations';
import { RoleCheckboxes } from './role-checkboxes';

const FIELDS = ['email', 'name', 'password', 'roles'] as const;

const ignore = () => undefined;
const resolver = lazyResolver(() => import('./admin-resolvers').then((m) => m.newUserResolver));

/** "Add user": a dialog form; a failed attempt keeps everything typed and shows why. */
export function NewUserButton() {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver, defaultValues: { email: '', name: '', password: '', roles: [] } });
  const create = useCreateUser({
    onDone(user) {
      toast.success(`Added ${user.name} (${user.email}) as ${user.roles.join(', ')}.`);
      form.reset();
      setOpen(false);
    },
    onFailed(err) {
      // Said in the dialog only: a toast besides would say it twice.
      showApiError(form, err, { fields: FIELDS, codeFields: { EMAIL_TAKEN: 'email' } });
    },
  });
  const { errors, isSubmitting } = form.formState;
  // Failures are shown by onFailed; the rejection carries nothing more.
  const submit = form.handleSubmit((values) => create.run(values).then(ignore, ignore));
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add user</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !isSubmitting && setOpen(next)}
        title="Add user"
        description="The person signs in with this e-mail and password. Share the password over a safe channel."
      >
        <DialogForm form={form} onSubmit={submit} onCancel={() => setOpen(false)} submitLabel="Add user">
          <Field label="E-mail" required error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </Field>
          <Field label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </Field>
          <PasswordField label="Password" form={form} name="password" error={errors.password?.message} />
          <RoleCheckboxes register={form.register('roles')} error={errors.roles?.message} idPrefix="new-user" />
        </DialogForm>
      </Dialog>
    </>
  );
}

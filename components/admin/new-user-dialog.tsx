'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { newUserSchema } from '@/lib/schemas/admin';
import { Button } from '../ui/button';
import { FormError } from '../ui/form-error';
import { FormFooter } from '../ui/form-footer';
import { Dialog } from '../ui/dialog';
import { Field, Input } from '../ui/field';
import { showApiError } from './form-errors';
import { useCreateUser } from './user-mutations';
import { RoleCheckboxes } from './role-checkboxes';

const FIELDS = ['email', 'name', 'password', 'roles'] as const;

/** 16 characters from an alphabet without look-alikes, from the browser's CSPRNG. */
function generatePassword() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_';
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => alphabet[b % alphabet.length]).join('');
}

const ignore = () => undefined;

/** "Add user": a dialog form; a failed attempt keeps everything typed and shows why. */
export function NewUserButton() {
  const [open, setOpen] = useState(false);
  const [reveal, setReveal] = useState(false);
  const form = useForm({ resolver: zodResolver(newUserSchema), defaultValues: { email: '', name: '', password: '', roles: [] } });
  const create = useCreateUser({
    onDone(user) {
      toast.success(`Added ${user.name} (${user.email}) as ${user.roles.join(', ')}.`);
      form.reset();
      setReveal(false);
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
        <form onSubmit={submit} noValidate>
          <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
            <Field label="E-mail" required error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </Field>
            <Field label="Name" required error={errors.name?.message}>
              <Input autoComplete="off" {...form.register('name')} />
            </Field>
            <div className="flex items-end gap-2">
              <Field
                label="Password"
                required
                error={errors.password?.message}
                hint="12 characters or more; Generate makes a strong one."
                className="flex-1"
              >
                <Input type={reveal ? 'text' : 'password'} autoComplete="new-password" {...form.register('password')} />
              </Field>
              <Button
                variant="secondary"
                onClick={() => setReveal((r) => !r)}
                aria-label={reveal ? 'Hide password' : 'Show password'}
                className="mb-5"
              >
                {reveal ? 'Hide' : 'Show'}
              </Button>
              <Button
                variant="secondary"
                className="mb-5"
                onClick={() => {
                  form.setValue('password', generatePassword(), {
                    shouldValidate: form.formState.isSubmitted,
                    shouldDirty: true,
                  });
                  setReveal(true);
                }}
              >
                Generate
              </Button>
            </div>
            <RoleCheckboxes register={form.register('roles')} error={errors.roles?.message} idPrefix="new-user" />
            <FormError error={errors.root} />
            <FormFooter onCancel={() => setOpen(false)} submitLabel="Add user" busy={isSubmitting} />
          </fieldset>
        </form>
      </Dialog>
    </>
  );
}

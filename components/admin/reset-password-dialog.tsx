'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import type { AdminUser } from '@/lib/admin/queries';
import { Button } from '../ui/button';
import { CopyId } from '../ui/copy-id';
import { Dialog } from '../ui/dialog';
import { DialogForm } from '../ui/dialog-form';
import { lazyResolver } from '../ui/lazy-resolver';
import { showApiError } from '@/lib/forms/admin-placement';
import { PasswordField } from './password-field';
import { useResetPassword } from '@/lib/admin/user-mutations';

const ignore = () => undefined;
const resolver = lazyResolver(() => import('./admin-resolvers').then((m) => m.passwordResetResolver));

/** Sets a new password for another account (typed or generated); its sessions end at once. */
export function ResetPasswordButton({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  // The password just set, shown once more (with copy) until the dialog closes: a generated one
  // would otherwise be gone unless it was copied before Set password.
  const [setTo, setSetTo] = useState<string | null>(null);
  const who = `${user.name} (${user.email})`;
  const form = useForm({ resolver, defaultValues: { password: '' } });
  const reset = useResetPassword({
    onDone(_result, input) {
      toast.success(`New password set for ${who}. Their sessions have ended.`);
      setSetTo(input.password);
    },
    onFailed(err) {
      // Said in the dialog only: a toast besides would say it twice.
      showApiError(form, err, { fields: ['password'] });
    },
  });
  const { errors, isSubmitting } = form.formState;
  // Failures are shown by onFailed; the rejection carries nothing more.
  const submit = form.handleSubmit((values) => reset.run({ id: user.id, password: values.password }).then(ignore, ignore));
  const change = (next: boolean) => {
    if (isSubmitting) return;
    // Each opening starts empty: a password from an earlier opening must not linger.
    if (next) form.reset({ password: '' });
    if (!next) setSetTo(null);
    setOpen(next);
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => change(true)} aria-label={`Reset password of ${user.email}`}>
        Password
      </Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title={`Reset the password of ${user.name}`}
        description={
          <>
            {user.email} is signed out everywhere at once and signs in again with the new password. Share it over a safe channel.
          </>
        }
      >
        {setTo !== null ? (
          <div className="flex flex-col gap-4">
            <p role="status" className="text-sm text-slate-800">
              The new password is set and {user.email} has been signed out everywhere. This is the last time it is shown: copy it
              now and share it over a safe channel.
            </p>
            <CopyId value={setTo} label="new password" />
            <div className="flex justify-end">
              <Button onClick={() => change(false)}>Done</Button>
            </div>
          </div>
        ) : (
          <DialogForm form={form} onSubmit={submit} onCancel={() => change(false)} submitLabel="Set password">
            <PasswordField label="New password" form={form} name="password" error={errors.password?.message} />
          </DialogForm>
        )}
      </Dialog>
    </>
  );
}

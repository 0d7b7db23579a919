'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import type { AdminUser } from '@/lib/admin/queries';
import { Button } from '../ui/button';
import { DialogForm } from '../ui/dialog-form';
import { Dialog } from '../ui/dialog';
import { lazyResolver } from '../ui/lazy-resolver';
import { showApiError } from '@/lib/forms/admin-placement';
import { RoleCheckboxes } from './role-checkboxes';
import { useUpdateUser } from '@/lib/admin/user-mutations';

const resolver = lazyResolver(() => import('./admin-resolvers').then((m) => m.rolesResolver));

const ignore = () => undefined;

/** Changes an account's roles; they apply to its next request, without signing it out. */
export function RolesButton({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver, defaultValues: { roles: user.roles } });
  const update = useUpdateUser({
    onDone(updated) {
      toast.success(`${updated.name} now has the roles ${updated.roles.join(', ')}.`);
      setOpen(false);
    },
    onFailed(err) {
      // Said in the dialog only: a toast besides would say it twice.
      showApiError(form, err, { fields: ['roles'] });
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // Failures are shown by onFailed; the rejection carries nothing more.
  const submit = form.handleSubmit(({ roles }) => update.run({ id: user.id, roles }).then(ignore, ignore));
  const close = (next: boolean) => {
    if (isSubmitting) return;
    // Opening starts from the account's current roles, which may have changed since.
    if (next) form.reset({ roles: user.roles });
    setOpen(next);
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => close(true)} aria-label={`Change roles of ${user.email}`}>
        Roles
      </Button>
      <Dialog
        open={open}
        onOpenChange={close}
        title={`Roles of ${user.name}`}
        description={`${user.email} — changes apply to the account's next request.`}
      >
        <DialogForm
          form={form}
          onSubmit={submit}
          onCancel={() => close(false)}
          submitLabel="Save roles"
          submitDisabled={!isDirty}
        >
          <RoleCheckboxes register={form.register('roles')} error={errors.roles?.message} idPrefix={`roles-${user.id}`} />
        </DialogForm>
      </Dialog>
    </>
  );
}

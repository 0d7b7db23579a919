'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { AdminUser } from '@/lib/admin/queries';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useUpdateUser } from '@/lib/admin/user-mutations';

/** Disables or enables an account behind a confirmation that names it. */
export function AccountAccessButton({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const disabling = !user.disabled;
  const who = `${user.name} (${user.email})`;
  const update = useUpdateUser({
    onDone() {
      toast.success(disabling ? `Disabled ${who}. Their sessions have ended.` : `Enabled ${who}. They can sign in again.`);
    },
  });
  // The dialog shows the failure (and only the dialog), so the rejection reaches it.
  const run = () => update.run({ id: user.id, disabled: disabling });
  return (
    <>
      <Button
        variant={disabling ? 'ghost' : 'secondary'}
        size="sm"
        className={disabling ? 'text-red-700 ring-1 ring-inset ring-red-200' : ''}
        onClick={() => setOpen(true)}
        aria-label={`${disabling ? 'Disable' : 'Enable'} ${user.email}`}
      >
        {disabling ? 'Disable' : 'Enable'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone={disabling ? 'danger' : 'primary'}
        title={disabling ? 'Disable this account?' : 'Enable this account?'}
        description={
          disabling ? (
            <>
              <strong>{who}</strong> is signed out at once and can no longer sign in. Their audit history is kept and the account
              can be enabled again.
            </>
          ) : (
            <>
              <strong>{who}</strong> can sign in again with their existing password and roles ({user.roles.join(', ')}).
            </>
          )
        }
        confirmLabel={disabling ? 'Disable account' : 'Enable account'}
        onConfirm={run}
      />
    </>
  );
}

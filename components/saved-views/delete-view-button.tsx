'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useDeleteView } from '@/lib/saved-views/mutations';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** Deletes one of the user's saved views, behind a confirmation that names it. */
export function DeleteViewButton({ id, name }: { id: string; name: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteView({
    onDone() {
      toast.success(`Deleted the view “${name}”.`);
    },
  });
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Delete the view ${name}`}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this view?"
        description={
          <>
            <strong>{name}</strong> leaves your home. The records it lists are not touched.
          </>
        }
        confirmLabel="Delete view"
        onConfirm={() => remove.run({ id })}
      />
    </>
  );
}

'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useDeleteRecipient } from '@/lib/recipients/mutations';
import type { Recipient } from '@/lib/recipients/schemas';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** Delete, after a confirmation naming the entry; one already deleted by someone else just leaves the list. */
export function DeleteRecipientButton({ recipient }: { recipient: Recipient }) {
  const [open, setOpen] = useState(false);
  const { run: remove } = useDeleteRecipient();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${recipient.name}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this recipient?"
        description={
          <>
            <strong>{recipient.name}</strong> &lt;{recipient.email}&gt; is no longer suggested on signer fields. Packages already
            sent to them are not affected, and a later send to this address adds it again.
          </>
        }
        confirmLabel="Delete recipient"
        onConfirm={async () => {
          await remove(recipient);
          toast.success(`${recipient.name} deleted from the book.`);
        }}
      />
    </>
  );
}

'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import type { PackageDraftSummary } from '@/lib/package-drafts/schemas';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useDeleteDraft } from '@/lib/package-drafts/mutations';

/** Delete, after a confirmation naming the draft; one already gone elsewhere just leaves the list. */
export function DeleteDraftButton({ draft }: { draft: PackageDraftSummary }) {
  const [open, setOpen] = useState(false);
  const { run: remove } = useDeleteDraft();
  const template = draft.template_name ?? draft.template_id;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        onClick={() => setOpen(true)}
        aria-label={`Delete draft ${draft.label}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this draft?"
        description={
          <>
            The draft <strong>{draft.label}</strong> of {template} and everything typed in it are deleted. Nothing has been sent
            from it.
          </>
        }
        confirmLabel="Delete draft"
        onConfirm={async () => {
          await remove(draft.id);
          toast.success('Draft deleted.');
        }}
      />
    </>
  );
}

'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { DraftLister } from '@/lib/drafts/draft-api';
import { useDeleteDraft } from '@/lib/drafts/mutations';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import type { DraftSummary } from './drafts-list';

interface DeleteDraftButtonProps<S extends DraftSummary> {
  /** lists and deletes only: any kind's create and update bodies will do */
  resource: DraftLister<S>;
  draft: S;
  subject: string;
  notYet: string;
}

/** Delete, after a confirmation naming the draft; one already gone elsewhere just leaves the list. */
export function DeleteDraftButton<S extends DraftSummary>({ resource, draft, subject, notYet }: DeleteDraftButtonProps<S>) {
  const [open, setOpen] = useState(false);
  const { run: remove } = useDeleteDraft(resource);
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
            The draft <strong>{draft.label}</strong> of {subject} and everything typed in it are deleted. Nothing has been{' '}
            {notYet} from it.
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

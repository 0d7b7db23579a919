'use client';

import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { DocumentItem } from '@/lib/documents/schemas';
import { Button } from '../ui/button';
import { ReasonDialog } from '../ui/reason-dialog';
import { deletionBlock } from './document-facts';
import { useDeleteDocument } from '@/lib/documents/mutations';

interface Props {
  doc: DocumentItem;
  size?: 'sm' | 'md';
  onDeleted?: () => void;
}

/**
 * Delete behind a confirmation that names the document and needs a reason. A protected or
 * in-use document gets a disabled button described by the reason it cannot be deleted (shown
 * as a tooltip; the detail page also shows it in full).
 */
export function DeleteDocumentButton({ doc, size = 'sm', onDeleted }: Props) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteDocument({
    onDone() {
      toast.success(`“${doc.name}” was deleted`);
      onDeleted?.();
    },
  });
  const noteId = useId();
  const block = deletionBlock(doc);

  return (
    <div className="inline-flex">
      <Button
        variant={size === 'md' ? 'danger' : 'secondary'}
        size={size}
        disabled={Boolean(block) || remove.pending}
        aria-describedby={block ? noteId : undefined}
        title={block ?? undefined}
        onClick={() => setOpen(true)}
        aria-label={size === 'sm' ? `Delete ${doc.name}` : undefined}
      >
        Delete
      </Button>
      {block && (
        <p id={noteId} className="sr-only">
          Cannot be deleted. {block}
        </p>
      )}
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete document"
        description={
          <>
            Delete <strong className="font-semibold text-slate-900">{doc.name}</strong> ({doc.id})? It is removed from the Signing
            API and cannot be restored.
          </>
        }
        confirmLabel="Delete document"
        onConfirm={(reason) => remove.run({ id: doc.id, reason })}
      />
    </div>
  );
}

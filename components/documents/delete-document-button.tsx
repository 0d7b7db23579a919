'use client';

import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConsoleApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency';
import { PROTECTED_CODES, useDeleteDocument } from '@/lib/queries/documents';
import type { DocumentItem } from '@/lib/schemas/documents';
import { Button } from '../ui/button';
import { ReasonDialog } from '../ui/reason-dialog';
import { deletionBlock } from './document-facts';

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
  const remove = useDeleteDocument();
  const noteId = useId();
  const block = deletionBlock(doc);
  // One key per intent: submitting the same reason again (after a network failure) is a
  // retry of that intent; another reason is a new request.
  const intent = useRef<{ reason: string; key: string } | null>(null);

  const confirm = async (reason: string) => {
    try {
      if (intent.current?.reason !== reason) intent.current = { reason, key: newIdempotencyKey('doc-del') };
      await remove.mutateAsync({ id: doc.id, reason, idempotencyKey: intent.current.key });
    } catch (err) {
      const refused = err instanceof ConsoleApiError && (PROTECTED_CODES as readonly string[]).includes(err.code);
      toast.error(refused ? `“${doc.name}” cannot be deleted` : 'The document was not deleted', { description: err instanceof Error ? err.message : undefined });
      throw err;
    }
    intent.current = null;
    toast.success(`“${doc.name}” was deleted`);
    onDeleted?.();
  };

  return (
    <div className="inline-flex">
      <Button
        variant={size === 'md' ? 'danger' : 'secondary'}
        size={size}
        disabled={Boolean(block) || remove.isPending}
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
            Delete <strong className="font-semibold text-slate-900">{doc.name}</strong> ({doc.id})? It is removed from the Signing API and cannot be restored.
          </>
        }
        confirmLabel="Delete document"
        onConfirm={confirm}
      />
    </div>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useChangeBatch, useDeleteBatch } from '@/lib/bulk/mutations';
import { batchExportHref } from '@/lib/bulk/queries';
import { batchSettled, type BulkBatchDetail, type CancelResult } from '@/lib/bulk/schemas';
import { CancelOutcome } from './cancel-outcome';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FormError } from '../ui/form-error';
import { toast } from '../ui/toast';

/** Pause, resume, cancel the rest, retry the failed rows, the results as CSV, and deleting a settled batch. */
export function BatchControls({ batch }: { batch: BulkBatchDetail }) {
  const change = useChangeBatch(batch.id);
  const remove = useDeleteBatch(batch.id);
  const router = useRouter();
  const [cancelling, setCancelling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [cancelResult, setCancelResult] = useState<CancelResult | null>(null);
  const settled = batchSettled(batch.counts);
  const open = batch.state !== 'cancelled' && !settled;
  const left = batch.counts.to_review + batch.counts.reviewed;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {open && batch.state === 'open' && (
          <Button
            variant="secondary"
            busy={change.isPending && change.variables === 'pause'}
            onClick={() => change.mutate('pause')}
          >
            Pause sending
          </Button>
        )}
        {open && batch.state === 'paused' && (
          <Button busy={change.isPending && change.variables === 'resume'} onClick={() => change.mutate('resume')}>
            Resume sending
          </Button>
        )}
        {batch.state !== 'cancelled' && batch.counts.failed > 0 && (
          <Button
            variant="secondary"
            busy={change.isPending && change.variables === 'retry_failed'}
            onClick={() => change.mutate('retry_failed')}
          >
            Retry {batch.counts.failed} failed
          </Button>
        )}
        {open && left > 0 && (
          <Button variant="danger" onClick={() => setCancelling(true)}>
            Cancel the rest
          </Button>
        )}
        <a
          href={batchExportHref(batch.id)}
          className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-brand-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          Download results (CSV)
        </a>
        {settled && (
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete batch
          </Button>
        )}
      </div>
      <FormError error={change.error} />
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancel the rest of this batch?"
        description={`Every package not yet handed to the Signing API when you confirm will never be sent (${left} now). A package already handed to it (${batch.counts.sending} now) cannot be stopped: it ends sent or failed, as the batch shows. Packages already sent stay sent: the API cannot recall them.`}
        confirmLabel="Cancel the rest"
        onConfirm={async () => {
          const done = await change.mutateAsync('cancel');
          if (done.cancel_result) setCancelResult(done.cancel_result);
        }}
      />
      {cancelResult && <CancelOutcome result={cancelResult} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this batch?"
        description={`“${batch.name}” and its ${batch.row_count} row${batch.row_count === 1 ? '' : 's'} leave the console: download the results first if you need them. Packages already sent stay sent, each with its sending record.`}
        confirmLabel="Delete batch"
        onConfirm={async () => {
          await remove.mutateAsync();
          toast.success(`Batch “${batch.name}” deleted.`);
          router.push('/packages/bulk');
        }}
      />
    </div>
  );
}

import type { BulkBatch } from '@/lib/bulk/schemas';
import { ProgressBar } from '../ui/progress-bar';

/** Sent of all, with how many are still to review or waiting. */
export function BatchProgress({ batch, label = 'Sent' }: { batch: BulkBatch; label?: string }) {
  const { counts, row_count } = batch;
  const detail = [
    `${counts.sent} of ${row_count} sent`,
    counts.to_review ? `${counts.to_review} to review` : '',
    counts.reviewed + counts.sending ? `${counts.reviewed + counts.sending} on the way` : '',
    counts.failed ? `${counts.failed} failed` : '',
    counts.cancelled ? `${counts.cancelled} cancelled` : '',
    counts.skipped ? `${counts.skipped} skipped` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <ProgressBar
      value={row_count ? (100 * counts.sent) / row_count : 0}
      label={label}
      name={`${batch.name}: sent`}
      detail={detail}
    />
  );
}

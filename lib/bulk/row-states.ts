import type { BulkRowState } from './schemas.ts';

/** A row's state in the sender's words (the batch page, its results CSV). */
export const BULK_ROW_STATE_LABELS: Record<BulkRowState, string> = {
  to_review: 'To review',
  reviewed: 'Reviewed, waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
};

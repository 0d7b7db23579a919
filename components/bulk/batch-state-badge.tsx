import { batchSettled, type BulkBatch } from '@/lib/bulk/schemas';
import { Badge } from '../ui/states';

/** Where a batch stands, in a word. */
export function BatchStateBadge({ batch }: { batch: BulkBatch }) {
  if (batch.state === 'cancelled') return <Badge>Cancelled</Badge>;
  if (batchSettled(batch.counts))
    return <Badge tone={batch.counts.failed ? 'red' : 'green'}>{batch.counts.failed ? 'Done, with failures' : 'Done'}</Badge>;
  if (batch.state === 'paused') return <Badge tone="amber">Paused</Badge>;
  return <Badge tone="blue">In progress</Badge>;
}

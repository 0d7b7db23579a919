import 'server-only';
import type { Kysely } from 'kysely';
import type { BatchAction, BulkBatchState } from '@/lib/bulk/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { batchOf, nextChange } from './batch-store';
import { readBatch } from './read-batches';
import { queueDueRows } from './due-rows';
import type { CancelResult } from '@/lib/bulk/schemas';

export interface ChangeBatchOptions {
  db: Kysely<Database>;
  userId: string;
  batchId: string;
  action: BatchAction;
  now?: Date;
}

// Which batch states each action starts from, and the state it leaves. Each is idempotent:
// pausing a paused batch is no change, so a retried click answers the same.
const MOVES: Record<Exclude<BatchAction, 'retry_failed'>, { from: BulkBatchState[]; to: BulkBatchState }> = {
  pause: { from: ['open', 'paused'], to: 'paused' },
  resume: { from: ['open', 'paused'], to: 'open' },
  cancel: { from: ['open', 'paused', 'cancelled'], to: 'cancelled' },
};

/**
 * Pause (no new send starts; those under way finish), resume, cancel the rest (rows not yet
 * sending never will; a cancelled batch stays cancelled), or retry the failed rows (each takes
 * a new key when it is sent again: its last one was definitely refused, so nothing was sent).
 */
export async function changeBatch({ db, userId, batchId, action, now = new Date() }: ChangeBatchOptions) {
  const batch = await batchOf(db, userId, batchId);
  const at = now.toISOString();
  if (action === 'retry_failed') {
    if (batch.state === 'cancelled') throw cancelled();
    // A review stands for the document it saw: rows whose review is kept go back to reviewed.
    await db.transaction().execute(async (tx) => {
      const change = await nextChange(tx, batchId);
      const base = tx.updateTable('bulk_rows').where('batch_id', '=', batchId).where('state', '=', 'failed');
      const again = { send_key: null, error_code: null, error_message: null, updated_at: at, change_seq: change };
      await base
        .set({ state: 'reviewed', ...again })
        .where('reviewed_receipt_hash', 'is not', null)
        .execute();
      await base.set({ state: 'to_review', ...again }).execute();
      await tx.updateTable('bulk_batches').set({ updated_at: at }).where('id', '=', batchId).execute();
    });
  } else {
    const move = MOVES[action];
    if (!move.from.includes(batch.state)) throw cancelled();
    const result = await db.transaction().execute(async (tx) => {
      // The batch row first: a row's send being bound (bindRowSend) takes turns with this.
      const change = await nextChange(tx, batchId);
      await tx.updateTable('bulk_batches').set({ state: move.to, updated_at: at }).where('id', '=', batchId).execute();
      if (action !== 'cancel') return undefined;
      const rows = await tx
        .selectFrom('bulk_rows')
        .select(['line', 'state'])
        .where('batch_id', '=', batchId)
        .orderBy('position')
        .execute();
      await tx
        .updateTable('bulk_rows')
        .set({ state: 'cancelled', updated_at: at, change_seq: change, sealed_receipt: null })
        .where('batch_id', '=', batchId)
        .where('state', 'in', ['to_review', 'reviewed'])
        .execute();
      const lines = (...states: string[]) => rows.filter((r) => states.includes(r.state)).map((r) => r.line);
      // What the cancel did, as it committed: nothing it cancelled can be sent any more.
      return {
        cancelled: lines('to_review', 'reviewed'),
        in_flight: lines('sending'),
        sent: lines('sent'),
      } satisfies CancelResult;
    });
    if (action === 'resume') await queueDueRows(db, batchId);
    const read = await readBatch(db, userId, batchId);
    return result ? { ...read, cancel_result: result } : read;
  }
  if (action === 'retry_failed') await queueDueRows(db, batchId);
  return readBatch(db, userId, batchId);
}

const cancelled = () =>
  new ConsoleError(
    409,
    'BATCH_CANCELLED',
    'This batch was cancelled: it cannot be resumed or retried. Make a new batch for the rows left.',
  );

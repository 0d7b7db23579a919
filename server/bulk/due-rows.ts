import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { queueRowSend } from './queued-sends';

/** Rows one sweep queues at most; the next sweep takes the rest. */
const SWEEP_MAX = 500;

/**
 * Queues every row the server owes a send: confirmed rows of open batches, and rows whose send
 * is under way (its outcome to confirm under its key). A row queued already is not queued
 * twice (its job key), so this runs as often as it likes: after a restart, a resume, a job lost
 * with its instance. Returns how many rows were due.
 */
export async function queueDueRows(db: Kysely<Database>, batchId?: string): Promise<number> {
  let q = db
    .selectFrom('bulk_rows as r')
    .innerJoin('bulk_batches as b', 'b.id', 'r.batch_id')
    .select(['r.batch_id', 'r.position'])
    .where((eb) =>
      eb.or([
        eb.and([eb('r.state', '=', 'sending'), eb('r.sealed_receipt', 'is not', null)]),
        eb.and([eb('r.state', '=', 'reviewed'), eb('b.state', '=', 'open')]),
      ]),
    );
  if (batchId) q = q.where('r.batch_id', '=', batchId);
  const due = await q.orderBy('r.updated_at').limit(SWEEP_MAX).execute();
  for (const row of due) await queueRowSend(row.batch_id, row.position);
  return due.length;
}

import 'server-only';
import type { Kysely } from 'kysely';
import type { BulkBatch, BulkBatchDetail } from '@/lib/bulk/schemas';
import type { Database } from '../db/schema';
import { batchOf, countsOf, toBatch, toRow } from './batch-store';

/** The user's batches, latest activity first, each with its rows counted by state. */
export async function listBatches(db: Kysely<Database>, userId: string): Promise<BulkBatch[]> {
  const batches = await db
    .selectFrom('bulk_batches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .limit(200)
    .execute();
  const counts = await countsOf(
    db,
    batches.map((b) => b.id),
  );
  return batches.map((b) => toBatch(b, counts.get(b.id)!));
}

/** One of the user's batches with every row, in the spreadsheet's order. */
export async function readBatch(db: Kysely<Database>, userId: string, id: string): Promise<BulkBatchDetail> {
  const batch = await batchOf(db, userId, id);
  const rows = await db.selectFrom('bulk_rows').selectAll().where('batch_id', '=', id).orderBy('position').execute();
  const counts = (await countsOf(db, [id])).get(id)!;
  return { ...toBatch(batch, counts), rows: rows.map(toRow) };
}

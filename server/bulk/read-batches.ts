import 'server-only';
import type { Kysely } from 'kysely';
import type { BulkBatch, BulkBatchRead } from '@/lib/bulk/schemas';
import type { Database } from '../db/schema';
import { countsOf, readableBatchOf, toBatch, toRow } from './batch-store';
import { currentScope, inScope } from '../teams/scope';

/** The user's batches, latest activity first, each with its rows counted by state. */
export async function listBatches(db: Kysely<Database>, userId: string): Promise<BulkBatch[]> {
  const batches = await db
    .selectFrom('bulk_batches')
    .selectAll()
    .where('user_id', '=', userId)
    .where(inScope('bulk_batches.team_id', await currentScope()))
    .orderBy('updated_at', 'desc')
    .limit(200)
    .execute();
  const counts = await countsOf(
    db,
    batches.map((b) => b.id),
  );
  return batches.map((b) => toBatch(b, counts.get(b.id)!));
}

/**
 * A batch the user may read (theirs; an admin's or their team's: readableBatchOf) with every
 * row, in the spreadsheet's order, and who made it; with `since` (an earlier
 * answer's cursor), only the rows changed after it. The batch and its counter are read before
 * the rows, so a change committed in between is answered now and again next time, never lost.
 * A cursor past the batch's counter (not one it gave) gets every row.
 */
export async function readBatch(db: Kysely<Database>, userId: string, id: string, since?: number): Promise<BulkBatchRead> {
  const { batch, owner } = await readableBatchOf(db, { id: userId }, id);
  const cursor = Number(batch.change_seq);
  const full = since === undefined || since > cursor;
  let rows = db.selectFrom('bulk_rows').selectAll().where('batch_id', '=', id);
  if (!full) rows = rows.where('change_seq', '>', since);
  const read = await rows.orderBy('position').execute();
  const counts = (await countsOf(db, [id])).get(id)!;
  return { ...toBatch(batch, counts), rows: read.map(toRow), owner, cursor: String(cursor), full };
}

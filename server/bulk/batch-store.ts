import 'server-only';
import type { Kysely, Selectable } from 'kysely';
import { previewInputSchema, type PreviewBody } from '@/lib/packages/schemas';
import { BULK_ROW_STATES, type BulkBatch, type BulkRow, type BulkRowState } from '@/lib/bulk/schemas';
import type { BulkBatchesTable, BulkRowsTable, Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { currentScope, inScope } from '../teams/scope';

// Reading batches and rows as the routes answer them; every read is the owner's only.

export type BatchRecord = Selectable<BulkBatchesTable>;
export type RowRecord = Selectable<BulkRowsTable>;

const noBatch = () => new ConsoleError(404, 'NOT_FOUND', 'No such batch of yours: it may have been made by someone else.');

/** The user's batch in their teams' scope, or 404 (another user's or team's batch is not theirs to know of). */
export async function batchOf(db: Kysely<Database>, userId: string, id: string): Promise<BatchRecord> {
  const batch = await db
    .selectFrom('bulk_batches')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where(inScope('bulk_batches.team_id', await currentScope()))
    .executeTakeFirst();
  if (!batch) throw noBatch();
  return batch;
}

/**
 * A batch the user may read, in their teams' scope: their own, or (an admin, a member of the
 * batch's team) someone else's; else 404, as any record outside a person's teams.
 */
export async function readableBatchOf(db: Kysely<Database>, user: { id: string }, id: string) {
  const batch = await db
    .selectFrom('bulk_batches')
    .leftJoin('users', 'users.id', 'bulk_batches.user_id')
    .selectAll('bulk_batches')
    .select(['users.name as owner_name', 'users.email as owner_email'])
    .where('bulk_batches.id', '=', id)
    .where(inScope('bulk_batches.team_id', await currentScope()))
    .executeTakeFirst();
  if (!batch) throw new ConsoleError(404, 'NOT_FOUND', 'No such batch: it may have been deleted, or be another team’s.');
  const { owner_name, owner_email, ...record } = batch;
  const owner = { mine: record.user_id === user.id, name: owner_name || owner_email || 'a former user' };
  return { batch: record as BatchRecord, owner };
}

/** One row of the user's batch, or 404. */
export async function rowOf(db: Kysely<Database>, userId: string, id: string, position: number) {
  const batch = await batchOf(db, userId, id);
  const row = await db
    .selectFrom('bulk_rows')
    .selectAll()
    .where('batch_id', '=', id)
    .where('position', '=', position)
    .executeTakeFirst();
  if (!row) throw new ConsoleError(404, 'NOT_FOUND', `This batch has no row ${position + 1}.`);
  return { batch, row };
}

/** The preview body the batch was made with (checked then; parsed again as a boundary). */
export const rowInput = (row: Pick<RowRecord, 'input'>): PreviewBody => previewInputSchema.parse(JSON.parse(row.input));

export function toRow(row: RowRecord): BulkRow {
  const input = rowInput(row);
  return {
    position: row.position,
    line: row.line,
    state: row.state,
    sender_values: input.sender_values,
    signers: input.signers.map(({ slot_id, name, email, phone }) => ({ slot_id, name, email, phone })),
    expires_in_days: input.expires_in_days,
    reference: input.reference ?? null,
    reviewed_at: row.reviewed_at,
    pdf_sha256: row.pdf_sha256,
    send_key: row.send_key,
    package_id: row.package_id,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    sent_at: row.sent_at,
  };
}

export const noCounts = (): Record<BulkRowState, number> =>
  Object.fromEntries(BULK_ROW_STATES.map((s) => [s, 0])) as Record<BulkRowState, number>;

export function toBatch(batch: BatchRecord, counts: Record<BulkRowState, number>): BulkBatch {
  return {
    id: batch.id,
    template_id: batch.template_id,
    template_name: batch.template_name,
    name: batch.name,
    state: batch.state,
    row_count: batch.row_count,
    counts,
    created_at: batch.created_at,
    updated_at: batch.updated_at,
  };
}

/** Rows per state of each batch named. */
export async function countsOf(db: Kysely<Database>, ids: readonly string[]) {
  const counts = new Map(ids.map((id) => [id, noCounts()]));
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom('bulk_rows')
    .select((eb) => ['batch_id', 'state', eb.fn.countAll<number>().as('n')])
    .where('batch_id', 'in', ids)
    .groupBy(['batch_id', 'state'])
    .execute();
  for (const r of rows) counts.get(r.batch_id)![r.state] = Number(r.n);
  return counts;
}

/**
 * Moves the batch's change counter on, inside the transaction that changes its rows: they take
 * the new value, so the batch page asks for the rows past the counter it last saw. The batch row
 * is written first in every transaction that changes rows, so two of them take turns (on
 * PostgreSQL, its lock) and the counter follows the order they commit in.
 */
export async function nextChange(tx: Kysely<Database>, batchId: string): Promise<number> {
  const { change_seq } = await tx
    .updateTable('bulk_batches')
    .set((eb) => ({ change_seq: eb('change_seq', '+', 1) }))
    .where('id', '=', batchId)
    .returning('change_seq')
    .executeTakeFirstOrThrow();
  return Number(change_seq);
}

/** Moves a row on, only from the states named: false when it was no longer in one of them. */
export async function moveRow(
  db: Kysely<Database>,
  row: Pick<RowRecord, 'batch_id' | 'position'>,
  from: readonly BulkRowState[],
  set: Partial<Omit<RowRecord, 'batch_id' | 'position' | 'line' | 'change_seq'>>,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const change = await nextChange(tx, row.batch_id);
    const { numUpdatedRows } = await tx
      .updateTable('bulk_rows')
      .set({ ...set, updated_at: now.toISOString(), change_seq: change })
      .where('batch_id', '=', row.batch_id)
      .where('position', '=', row.position)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  });
}

/** Touches the batch, so lists sort by last activity. */
export const touchBatch = (db: Kysely<Database>, id: string, now = new Date()) =>
  db.updateTable('bulk_batches').set({ updated_at: now.toISOString() }).where('id', '=', id).execute();

/**
 * Binds a reviewed row's send to its key, only while its batch is open: the batch row is
 * written first (its lock on PostgreSQL), so a pause or a cancel either committed before and
 * is seen here, or waits for this and finds the row sending, in flight.
 */
export async function bindRowSend(
  db: Kysely<Database>,
  row: Pick<RowRecord, 'batch_id' | 'position'>,
  key: string,
  now = new Date(),
) {
  return db.transaction().execute(async (tx) => {
    const change = await nextChange(tx, row.batch_id);
    const batch = await tx.selectFrom('bulk_batches').select('state').where('id', '=', row.batch_id).executeTakeFirst();
    if (batch?.state !== 'open') return false;
    const { numUpdatedRows } = await tx
      .updateTable('bulk_rows')
      .set({
        state: 'sending',
        send_key: key,
        error_code: null,
        error_message: null,
        updated_at: now.toISOString(),
        change_seq: change,
      })
      .where('batch_id', '=', row.batch_id)
      .where('position', '=', row.position)
      .where('state', '=', 'reviewed')
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  });
}

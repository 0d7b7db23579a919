import 'server-only';
import { NoResultError, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { logger } from '../logger';
import type { User } from '../users/users';
import { nextChange } from './batch-store';

export interface DeleteBatchOptions {
  db: Kysely<Database>;
  /** the batch's owner, or an admin (who may clear anyone's settled batch) */
  user: Pick<User, 'id' | 'roles'>;
  batchId: string;
}

const noBatch = () => new ConsoleError(404, 'NOT_FOUND', 'No such batch of yours: it may have been deleted already.');

/**
 * Deletes a settled batch: every row sent, failed or cancelled, none waiting or being sent, so
 * nothing the sender still expects is lost (the packages sent stay on the API, with their sending
 * records). A batch with rows to go is refused: cancel the rest first.
 */
export async function deleteBatch({ db, user, batchId }: DeleteBatchOptions) {
  let owned = db.selectFrom('bulk_batches').select('id').where('id', '=', batchId);
  if (!user.roles.includes('admin')) owned = owned.where('user_id', '=', user.id);
  if (!(await owned.executeTakeFirst())) throw noBatch();
  await removeSettled(db, batchId);
  return { id: batchId, deleted: true as const };
}

/**
 * The delete itself, in one transaction that writes the batch first: a row change of the batch
 * (which writes it first too) either committed before, and is counted, or waits and then finds
 * no batch.
 */
async function removeSettled(db: Kysely<Database>, batchId: string) {
  await db.transaction().execute(async (tx) => {
    await nextChange(tx, batchId).catch((err: unknown) => {
      throw err instanceof NoResultError ? noBatch() : err;
    });
    const open = await tx
      .selectFrom('bulk_rows')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .where('batch_id', '=', batchId)
      .where('state', 'in', ['to_review', 'reviewed', 'sending'])
      .groupBy('state')
      .execute();
    const left = Object.fromEntries(open.map((r) => [r.state, Number(r.n)]));
    if (open.length > 0) {
      const sending = left.sending ?? 0;
      const waiting = (left.to_review ?? 0) + (left.reviewed ?? 0);
      throw new ConsoleError(
        409,
        'BATCH_NOT_SETTLED',
        [
          'Only a settled batch can be deleted.',
          waiting > 0 ? `${waiting} row${waiting === 1 ? ' is' : 's are'} still to review or send: cancel the rest first.` : '',
          sending > 0
            ? `${sending} row${sending === 1 ? ' is' : 's are'} being sent: open the batch so its outcome is confirmed first.`
            : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    }
    await tx.deleteFrom('bulk_row_receipts').where('batch_id', '=', batchId).execute();
    await tx.deleteFrom('bulk_rows').where('batch_id', '=', batchId).execute();
    await tx.deleteFrom('bulk_batches').where('id', '=', batchId).execute();
  });
}

/**
 * Deletes the user's settled batches untouched for `days` (0: none), so batches left behind do
 * not hold the user's allowance for ever. A batch with rows to go is kept, however old.
 */
export async function pruneExpiredBatches(db: Kysely<Database>, userId: string, days: number, now = new Date()) {
  if (days <= 0) return;
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  const old = await db
    .selectFrom('bulk_batches')
    .select('id')
    .where('user_id', '=', userId)
    .where('updated_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bulk_rows')
            .select('position')
            .whereRef('bulk_rows.batch_id', '=', 'bulk_batches.id')
            .where('state', 'in', ['to_review', 'reviewed', 'sending']),
        ),
      ),
    )
    .execute();
  for (const { id } of old) {
    try {
      await removeSettled(db, id);
      logger().info({ batch_id: id, user_id: userId, days }, 'settled bulk batch expired and deleted');
    } catch (err) {
      // Taken up again meanwhile (a retry of its failed rows): it stays.
      if (!(err instanceof ConsoleError)) throw err;
    }
  }
}

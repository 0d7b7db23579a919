import 'server-only';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit';
import type { Database } from '../db/schema';
import { findUser } from '../users/users';

/**
 * The audit entry of a row the server sent (or sent back to review) on its owner's behalf: the
 * owner is the actor, as when their tab sent it, and the entry says background work did it.
 */
export async function recordBackgroundSend(
  db: Kysely<Database>,
  o: { batchId: string; position: number; result: 'sent' | 'lapsed' | 'failed' },
) {
  const row = await db
    .selectFrom('bulk_rows as r')
    .innerJoin('bulk_batches as b', 'b.id', 'r.batch_id')
    .select(['b.user_id', 'r.state', 'r.package_id', 'r.send_key', 'r.line', 'r.error_code'])
    .where('r.batch_id', '=', o.batchId)
    .where('r.position', '=', o.position)
    .executeTakeFirst();
  if (!row) return;
  const user = await findUser(db, row.user_id);
  const sent = row.state === 'sent';
  await recordAudit(db, {
    user: user ? { id: user.id, email: user.email, roles: user.roles } : null,
    operation: 'bulk.send_row',
    targetType: sent ? 'signature_package' : 'bulk_batch',
    targetId: sent ? row.package_id : o.batchId,
    outcome: sent ? 'success' : 'failure',
    status: sent ? 201 : 409,
    errorCode: sent ? null : row.error_code,
    idempotencyKey: row.send_key,
    reason: 'sent by the console in the background, as its sender confirmed',
    details: { batch_id: o.batchId, position: o.position, line: row.line, result: o.result },
  });
}

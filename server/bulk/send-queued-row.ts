import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { callContext } from '../signing-api/client/call-context';
import { apiNow } from '../signing-api/client/upstream-clock';
import { bindRowSend, moveRow } from './batch-store';
import { openReceipt } from './queued-sends';
import { deliverRow, lapsedRow } from './deliver-row';

/** A receipt with less than this left is not sent: the API could see it lapse on the way. */
export const RECEIPT_MARGIN_MS = 30_000;

export type QueuedSendResult = 'sent' | 'failed' | 'lapsed' | 'waiting' | 'nothing to do';

/**
 * The background send of one confirmed row (queue bulk-send-row), at the pace the key allows
 * (the fair queue, in the batch owner's lane). A row still sending is confirmed under its key;
 * a reviewed row of an open batch is bound to a new key, then sent; a paused batch's rows wait
 * (its resume queues them again); a cancelled one's were moved off "reviewed" by the cancel, so
 * the binding refuses them. Safe to run twice: the binding is a conditional move.
 */
export async function sendQueuedRow(db: Kysely<Database>, o: { batchId: string; position: number }): Promise<QueuedSendResult> {
  const found = await db
    .selectFrom('bulk_rows as r')
    .innerJoin('bulk_batches as b', 'b.id', 'r.batch_id')
    .selectAll('r')
    .select(['b.user_id as owner', 'b.state as batch_state', 'b.template_id as template_id'])
    .where('r.batch_id', '=', o.batchId)
    .where('r.position', '=', o.position)
    .executeTakeFirst();
  if (!found) return 'nothing to do'; // its batch was deleted
  const { owner, batch_state, template_id, ...row } = found;
  const lane = { upstreamRequestId: null, lane: owner };
  if (row.state === 'sending') {
    const token = await openReceipt(row.sealed_receipt);
    if (!token || !row.send_key) return 'nothing to do'; // begun by a tab of an older release: confirmed there
    return deliverOrSay(db, row, () =>
      callContext.run(lane, () =>
        deliverRow({ db, templateId: template_id, row, previewToken: token, idempotencyKey: row.send_key!, userId: owner }),
      ),
    );
  }
  if (row.state !== 'reviewed') return 'nothing to do';
  if (batch_state !== 'open') return 'waiting';
  const token = await openReceipt(row.sealed_receipt);
  const ends = row.receipt_expires_at ? Date.parse(row.receipt_expires_at) : Number.NaN;
  if (!token || !(ends - apiNow().getTime() > RECEIPT_MARGIN_MS)) {
    // Its receipt lapsed before its turn: a new preview may differ, so the sender reviews it again.
    await moveRow(db, row, ['reviewed'], lapsedRow(row.line));
    return 'lapsed';
  }
  const key = randomUUID();
  const bound = await bindRowSend(db, row, key);
  if (!bound) return 'nothing to do'; // paused, cancelled or taken meanwhile
  const sending = { ...row, state: 'sending' as const, send_key: key };
  return deliverOrSay(db, row, () =>
    callContext.run(lane, () =>
      deliverRow({ db, templateId: template_id, row: sending, previewToken: token, idempotencyKey: key, userId: owner }),
    ),
  );
}

/** A definite refusal ends the job (the row says failed, with why); an unknown outcome is retried. */
async function deliverOrSay(db: Kysely<Database>, row: { batch_id: string; position: number }, send: () => Promise<void>) {
  const stateNow = async () =>
    (
      await db
        .selectFrom('bulk_rows')
        .select('state')
        .where('batch_id', '=', row.batch_id)
        .where('position', '=', row.position)
        .executeTakeFirst()
    )?.state;
  try {
    await send();
    return (await stateNow()) === 'to_review' ? ('lapsed' as const) : ('sent' as const);
  } catch (err) {
    const now = await stateNow();
    if (now === 'failed') return 'failed' as const;
    // Still sending: the answer was lost or the API is away. Said on the row while the same key
    // is tried again (the job's retries), and cleared by the send's outcome.
    if (now === 'sending')
      await moveRow(db, row, ['sending'], {
        error_code: 'OUTCOME_UNKNOWN',
        error_message:
          'The Signing API’s answer was lost: the console is confirming the outcome under the same key. Nothing will be sent twice.',
      });
    throw err;
  }
}

import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { receiptHash } from '../send-records/send-record';

// Every receipt the server makes for a bulk row is noted here before the browser sees it. Such a
// receipt is sent only through its row: sent as a single package it would leave the row to make
// a second package of the same values.

/** Notes a row's receipt (its digest: receipts are bearer tokens). */
export async function noteRowReceipt(
  db: Kysely<Database>,
  o: { batchId: string; position: number; previewToken: string; at: Date },
) {
  await db
    .insertInto('bulk_row_receipts')
    .values({
      receipt_hash: receiptHash(o.previewToken),
      batch_id: o.batchId,
      position: o.position,
      created_at: o.at.toISOString(),
    })
    .onConflict((oc) => oc.column('receipt_hash').doNothing())
    .execute();
}

/** Refuses a row's receipt outside its row (the single send), before anything reaches the API. */
export async function refuseRowReceipt(db: Kysely<Database>, previewToken: string) {
  const held = await db
    .selectFrom('bulk_row_receipts')
    .select('batch_id')
    .where('receipt_hash', '=', receiptHash(previewToken))
    .executeTakeFirst();
  if (held)
    throw new ConsoleError(
      409,
      'RECEIPT_BELONGS_TO_BATCH',
      'This preview was made for a row of a bulk batch: it is sent from the batch page, with its row, and nothing was sent here.',
    );
}

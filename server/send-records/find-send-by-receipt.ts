import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { receiptHash } from './send-record';

/** The package this console made of a receipt, if it made one: by the receipt's digest. */
export async function sendOfReceipt(
  db: Kysely<Database>,
  previewToken: string,
): Promise<{ package_id: string; sent_at: string | null } | null> {
  const record = await db
    .selectFrom('send_records')
    .select(['package_id', 'sent_at'])
    .where('receipt_hash', '=', receiptHash(previewToken))
    .where('package_id', 'is not', null)
    .executeTakeFirst();
  return record?.package_id ? { package_id: record.package_id, sent_at: record.sent_at } : null;
}

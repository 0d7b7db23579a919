import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { receiptHash } from './send-record';

/** What the server itself knows of a preview by its receipt: when it was made, and its PDF. */
export function previewOf(db: Kysely<Database>, previewToken: string) {
  return db
    .selectFrom('send_records')
    .select(['previewed_at', 'page_count', 'pdf_sha256'])
    .where('receipt_hash', '=', receiptHash(previewToken))
    .executeTakeFirst();
}

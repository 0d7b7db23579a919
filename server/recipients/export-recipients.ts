import 'server-only';
import type { Kysely } from 'kysely';
import { writeCsv } from '@/lib/csv/write-csv';
import { RECIPIENT_COLUMNS } from '@/lib/recipients/limits';
import type { Database } from '../db/schema';
import { exportFileName } from '../lists/csv';
import { currentScope, inScope } from '../teams/scope';

/** The most entries one export holds, most recently used first. */
export const RECIPIENT_EXPORT_ROWS = 10_000;

/**
 * The book as CSV with the import's columns (name, email, phone), in the list's order, so an
 * export edited in a spreadsheet imports back; formula-safe (writeCsv), read back as typed.
 */
export async function exportRecipients({ db, now = new Date() }: { db: Kysely<Database>; now?: Date }) {
  const rows = await db
    .selectFrom('recipients')
    .select(['name', 'email', 'phone'])
    .where(inScope('recipients.team_id', await currentScope()))
    .orderBy('last_used_at', (ob) => ob.desc().nullsLast())
    .orderBy('name')
    .orderBy('id')
    .limit(RECIPIENT_EXPORT_ROWS + 1)
    .execute();
  return {
    body: writeCsv(
      RECIPIENT_COLUMNS,
      rows.slice(0, RECIPIENT_EXPORT_ROWS).map((r) => [r.name, r.email, r.phone ?? '']),
    ),
    fileName: exportFileName('recipients', {}, [], now),
    complete: rows.length <= RECIPIENT_EXPORT_ROWS,
  };
}

import 'server-only';
import { sql, type Kysely } from 'kysely';
import { RECIPIENT_IMPORT_INVALID } from '@/lib/recipients/codes';
import { RECIPIENT_IMPORT_MAX_PROBLEMS } from '@/lib/recipients/limits';
import { readRecipientCsv, type CsvProblem, type RecipientRow } from '@/lib/recipients/read-recipient-csv';
import type { RecipientImportResult } from '@/lib/recipients/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { emailKey, newRecipientId, searchTextOf } from './recipient-record';

export interface ImportRecipientsOptions {
  db: Kysely<Database>;
  /** who imports: the entries it adds name them */
  userId: string;
  csv: string;
  now?: Date;
}

/** Statements stay small and few: one look-up and one insert per this many rows. */
const CHUNK = 100;

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

function refused(problems: CsvProblem[]): ConsoleError {
  const shown = problems.slice(0, RECIPIENT_IMPORT_MAX_PROBLEMS).map((p) => ({ path: 'csv', ...p }));
  const more = problems.length - shown.length;
  if (more > 0) shown.push({ path: 'csv', row: null, column: null, message: `…and ${plural(more, 'more problem')}` });
  return new ConsoleError(
    422,
    RECIPIENT_IMPORT_INVALID,
    `Nothing was imported: the file has ${plural(problems.length, 'problem')}. Correct ${problems.length === 1 ? 'it' : 'them'} and import the file again.`,
    shown,
  );
}

/**
 * Adds a CSV's recipients to the book, all or none: any problem in any row refuses the whole
 * file. An address already in the book takes the file's name and phone (a blank phone keeps the
 * book's); one the book already holds as the file has it is left as it is, so importing the
 * same file twice changes nothing the second time.
 */
export async function importRecipients({
  db,
  userId,
  csv,
  now = new Date(),
}: ImportRecipientsOptions): Promise<RecipientImportResult> {
  const read = readRecipientCsv(csv);
  if (!read.ok) throw refused(read.problems);
  const at = now.toISOString();
  const counts = { created: 0, updated: 0, unchanged: 0 };
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < read.rows.length; start += CHUNK) {
      const chunk = read.rows.slice(start, start + CHUNK);
      const known = await trx
        .selectFrom('recipients')
        .select(['email_key', 'name', 'email', 'phone'])
        .where(
          'email_key',
          'in',
          chunk.map((r) => emailKey(r.email)),
        )
        .execute();
      const inBook = new Map(known.map((k) => [k.email_key, k]));
      const written: RecipientRow[] = [];
      for (const row of chunk) {
        const entry = inBook.get(emailKey(row.email));
        if (entry && entry.name === row.name && entry.email === row.email && (row.phone ?? entry.phone) === entry.phone) {
          counts.unchanged += 1;
          continue;
        }
        counts[entry ? 'updated' : 'created'] += 1;
        written.push(row);
      }
      if (written.length > 0) await upsert(trx, written, userId, at);
    }
  });
  return { rows: read.rows.length + read.merged, ...counts, merged: read.merged };
}

/** New entries, and changed ones (an entry a send added meanwhile is changed, not refused by its unique address). */
function upsert(db: Kysely<Database>, rows: RecipientRow[], userId: string, at: string) {
  return db
    .insertInto('recipients')
    .values(
      rows.map((row) => ({
        id: newRecipientId(),
        email: row.email,
        email_key: emailKey(row.email),
        name: row.name,
        phone: row.phone,
        search_text: searchTextOf(row.name, row.email),
        added_by: userId,
        source: 'import' as const,
        use_count: 0,
        last_used_at: null,
        version: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.column('email_key').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        email: eb.ref('excluded.email'),
        phone: sql<string | null>`coalesce(excluded.phone, recipients.phone)`,
        search_text: eb.ref('excluded.search_text'),
        source: 'import',
        version: eb('recipients.version', '+', 1),
        updated_at: at,
      })),
    )
    .execute();
}

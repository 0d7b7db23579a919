import 'server-only';
import type { Kysely } from 'kysely';
import { RECIPIENT_IMPORT_CONFLICTS, RECIPIENT_IMPORT_INVALID } from '@/lib/recipients/codes';
import { RECIPIENT_IMPORT_MAX_PROBLEMS } from '@/lib/recipients/limits';
import { readRecipientCsv, type CsvProblem, type RecipientRow } from '@/lib/recipients/read-recipient-csv';
import type { RecipientImportResult } from '@/lib/recipients/schemas';
import { recordAudit, type AuditEntry } from '../audit';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { emailKey, inBook as entriesOf, newRecipientId, searchTextOf } from './recipient-record';

export interface ImportRecipientsOptions {
  db: Kysely<Database>;
  /** who imports: the entries it adds name them, and the audit of each entry it changes */
  user: NonNullable<AuditEntry['user']>;
  csv: string;
  overwrite?: Overwrite[];
  /** whose book the file goes into (server/teams/team-for-record.ts); null: the book of no team */
  teamId?: string | null;
  now?: Date;
}

/** Statements stay small and few: one look-up and one insert per this many rows. */
const CHUNK = 100;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

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

/** An entry of the book the importer saw and agreed to overwrite, at the version they saw. */
export interface Overwrite {
  id: string;
  version: number;
}

type Held = { id: string; version: number; email_key: string; name: string; email: string; phone: string | null };
type Change = { row: RecipientRow; held: Held; after: { name: string; email: string; phone: string | null } };

const valuesOf = (e: { name: string; email: string; phone: string | null }) => ({ name: e.name, email: e.email, phone: e.phone });

function conflicts(changes: Change[]): ConsoleError {
  // Every one of them (a file holds at most RECIPIENT_IMPORT_MAX_ROWS): the importer agrees to each.
  const shown = changes.map(({ row, held, after }) => ({
    path: 'csv',
    row: row.line,
    column: null,
    message: `${held.email} would change: ${describe(valuesOf(held), after)}`,
    recipient: { id: held.id, version: held.version, email: held.email },
    before: valuesOf(held),
    after,
  }));
  return new ConsoleError(
    409,
    RECIPIENT_IMPORT_CONFLICTS,
    `Nothing was imported: ${plural(changes.length, 'entry', 'entries')} in the book would change. Check ${changes.length === 1 ? 'it' : 'them'}, then import again overwriting ${changes.length === 1 ? 'it' : 'them'}.`,
    shown,
  );
}

function describe(before: Change['after'], after: Change['after']): string {
  const parts = (['name', 'email', 'phone'] as const)
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k} “${before[k] ?? ''}” → “${after[k] ?? ''}”`);
  return parts.join(', ');
}

/**
 * Adds a CSV's recipients to the book, all or none: any problem in any row refuses the whole
 * file. An entry the book holds otherwise than the file is changed only when the importer
 * overwrites it at the version they saw (`overwrite`): without that, or at a version since
 * changed by anyone, nothing is imported and the answer names each such entry with what it
 * holds and what the file would make of it. Each entry changed is audited with both.
 */
export async function importRecipients({
  db,
  user,
  csv,
  overwrite = [],
  teamId = null,
  now = new Date(),
}: ImportRecipientsOptions): Promise<RecipientImportResult> {
  const read = readRecipientCsv(csv);
  if (!read.ok) throw refused(read.problems);
  const at = now.toISOString();
  const agreed = new Map(overwrite.map((o) => [o.id, o.version]));
  const counts = { created: 0, updated: 0, unchanged: 0 };
  await db.transaction().execute(async (trx) => {
    const added: RecipientRow[] = [];
    const changes: Change[] = [];
    for (let start = 0; start < read.rows.length; start += CHUNK) {
      const chunk = read.rows.slice(start, start + CHUNK);
      const known = await trx
        .selectFrom('recipients')
        .select(['id', 'version', 'email_key', 'name', 'email', 'phone'])
        .where(entriesOf(teamId))
        .where(
          'email_key',
          'in',
          chunk.map((r) => emailKey(r.email)),
        )
        .execute();
      const inBook = new Map(known.map((k) => [k.email_key, k]));
      for (const row of chunk) {
        const held = inBook.get(emailKey(row.email));
        if (!held) {
          added.push(row);
          continue;
        }
        // A blank phone keeps the book's.
        const after = { name: row.name, email: row.email, phone: row.phone ?? held.phone };
        if (held.name === after.name && held.email === after.email && held.phone === after.phone) counts.unchanged += 1;
        else changes.push({ row, held, after });
      }
    }
    const unagreed = changes.filter((c) => agreed.get(c.held.id) !== c.held.version);
    if (unagreed.length > 0) throw conflicts(unagreed);
    for (let start = 0; start < added.length; start += CHUNK)
      await insertNew(trx, added.slice(start, start + CHUNK), user.id, at, teamId);
    for (const change of changes) {
      const { numUpdatedRows } = await trx
        .updateTable('recipients')
        .set({
          ...change.after,
          search_text: searchTextOf(change.after.name, change.after.email),
          source: 'import',
          version: change.held.version + 1,
          updated_at: at,
        })
        .where('id', '=', change.held.id)
        .where('version', '=', change.held.version)
        .executeTakeFirst();
      // Changed between our read and this write (PostgreSQL's read committed): all or none.
      if (Number(numUpdatedRows) !== 1) throw conflicts([change]);
    }
    const [first, ...more] = changes.map((c): AuditEntry => ({
      user,
      operation: 'recipient.update',
      targetType: 'recipient',
      targetId: c.held.id,
      outcome: 'success',
      status: 200,
      details: { via: 'import', before: valuesOf(c.held), after: c.after },
    }));
    if (first) await recordAudit(trx, first, ...more);
    counts.created = added.length;
    counts.updated = changes.length;
  });
  return { rows: read.rows.length + read.merged, ...counts, merged: read.merged };
}

/**
 * New entries. An address a send added since the file was read is a change nobody agreed to:
 * the import is refused whole, to be tried again (it will then name that entry).
 */
async function insertNew(db: Kysely<Database>, rows: RecipientRow[], userId: string, at: string, teamId: string | null) {
  const inserted = await db
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
        team_id: teamId,
      })),
    )
    .onConflict((oc) =>
      (teamId === null ? oc.column('email_key').where('team_id', 'is', null) : oc.columns(['team_id', 'email_key'])).doNothing(),
    )
    .returning('id')
    .execute();
  if (inserted.length !== rows.length)
    throw new ConsoleError(
      409,
      RECIPIENT_IMPORT_CONFLICTS,
      'Nothing was imported: the book changed while the file was being imported. Import it again to see what would change.',
    );
}

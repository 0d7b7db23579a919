import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ConsoleRecord } from '@/lib/packages/schemas';
import { toConsoleRecord } from './send-record';
import { currentScope, inScope } from '../teams/scope';

/** The console's record of each of these packages it sent, in the reader's teams, by package id. */
export async function recordsOf(db: Kysely<Database>, packageIds: string[]): Promise<Map<string, ConsoleRecord>> {
  if (packageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('send_records')
    .leftJoin('users', 'users.id', 'send_records.user_id')
    .select([
      'send_records.package_id',
      'send_records.reference',
      'send_records.signers',
      'send_records.user_id',
      'send_records.sent_at',
      'send_records.expires_in_days',
      'users.name as sender_name',
    ])
    .where('send_records.package_id', 'in', packageIds)
    .where(inScope('send_records.team_id', await currentScope()))
    .execute();
  return new Map(rows.map((r) => [r.package_id!, toConsoleRecord(r, r.sender_name ?? 'a deleted account')]));
}

/** Who sent each of these packages from this console, when, and for how many days: by package id. */
export async function sendsOf(db: Kysely<Database>, packageIds: string[]) {
  if (packageIds.length === 0) return new Map<string, { user_id: string; sent_at: string | null; expires_in_days: number }>();
  const rows = await db
    .selectFrom('send_records')
    .select(['package_id', 'user_id', 'sent_at', 'expires_in_days'])
    .where('package_id', 'in', packageIds)
    .execute();
  return new Map(rows.map((r) => [r.package_id!, r]));
}

export interface SendRecordFilters {
  template?: string;
  sender?: string;
  team?: string;
}

/** Which of these packages this console sent from that template, by that sender, for that team (each given). */
export async function sendsMatching(db: Kysely<Database>, packageIds: string[], f: SendRecordFilters): Promise<Set<string>> {
  if (packageIds.length === 0) return new Set();
  let query = db
    .selectFrom('send_records')
    .select('package_id')
    .where(inScope('send_records.team_id', await currentScope()));
  if (f.template) query = query.where('template_id', '=', f.template);
  if (f.sender) query = query.where('user_id', '=', f.sender);
  if (f.team) query = query.where('team_id', '=', f.team);
  const found = new Set<string>();
  // SQLite binds at most 32,766 values: the ids go in slices.
  for (let i = 0; i < packageIds.length; i += 5_000) {
    const rows = await query.where('package_id', 'in', packageIds.slice(i, i + 5_000)).execute();
    for (const r of rows) found.add(r.package_id!);
  }
  return found;
}

/** LIKE's own characters taken literally, so a search for "50%" finds "50%". */
const literal = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Packages the console sent whose reference, template, recipients or values contain `q`
 * (any case), most recently sent first, at most `limit` of them, and how many there are.
 */
export async function searchSendRecords(
  db: Kysely<Database>,
  q: string,
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const scope = await currentScope();
  const matching = () =>
    db
      .selectFrom('send_records')
      .where('package_id', 'is not', null)
      .where(inScope('send_records.team_id', scope))
      // SQLite has no default LIKE escape; both take the one named.
      .where(sql<boolean>`search_text LIKE ${`%${literal(q)}%`} ESCAPE '\\'`);
  const rows = await matching().select('package_id').orderBy('sent_at', 'desc').limit(limit).execute();
  const { total } = await matching()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { ids: rows.map((r) => r.package_id!), total: Number(total) };
}

import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Page } from '@/lib/list/schemas';
import type { Recipient } from '@/lib/recipients/schemas';
import type { Database } from '../db/schema';
import { toRecipient } from './recipient-record';
import { currentScope, inScope } from '../teams/scope';

export interface ListRecipientsOptions {
  db: Kysely<Database>;
  query: { q?: string; page: number; size: number };
}

/** LIKE's own characters taken literally, so a search for "a_b" finds "a_b" only. */
const literal = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The books of the reader's teams, a page at a time: most recently used first, then those never used (imported) by
 * name; `q` finds any part of a name or an address, in any case.
 */
export async function listRecipients({ db, query: { q, page, size } }: ListRecipientsOptions): Promise<Page<Recipient>> {
  const scope = await currentScope();
  const found = () => {
    const all = db.selectFrom('recipients').where(inScope('recipients.team_id', scope));
    // SQLite has no default LIKE escape; both take the one named.
    return q ? all.where(sql<boolean>`recipients.search_text LIKE ${`%${literal(q)}%`} ESCAPE '\\'`) : all;
  };
  const { total } = await found()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await found()
    .leftJoin('users', 'users.id', 'recipients.added_by')
    .selectAll('recipients')
    .select('users.name as added_by_name')
    .orderBy('recipients.last_used_at', (ob) => ob.desc().nullsLast())
    .orderBy('recipients.name')
    .orderBy('recipients.id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = Number(total);
  return { data: rows.map(toRecipient), pagination: { page, size, total: count, pages: Math.ceil(count / size) } };
}

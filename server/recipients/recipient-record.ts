import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { RECIPIENT_CHANGED, RECIPIENT_NOT_FOUND } from '@/lib/recipients/codes';
import type { Recipient } from '@/lib/recipients/schemas';
import type { Database, RecipientsTable } from '../db/schema';
import { ConsoleError } from '../errors';
import { currentScope, inScope } from '../teams/scope';

// What every use case of the book shares: how an entry is keyed, searched and answered.

export type RecipientRow = Selectable<RecipientsTable>;

/** One entry per address, whatever its case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

export const searchTextOf = (name: string, email: string) => `${name}\n${email}`.toLowerCase();

export const newRecipientId = () => `rcp_${randomUUID().replaceAll('-', '')}`;

/** One entry of the reader's teams' books, with the name of who added it (an account since deleted added nobody). */
export async function readRecipient(
  db: Kysely<Database>,
  id: string,
): Promise<(Recipient & { team_id: string | null }) | undefined> {
  const row = await db
    .selectFrom('recipients')
    .leftJoin('users', 'users.id', 'recipients.added_by')
    .selectAll('recipients')
    .select('users.name as added_by_name')
    .where('recipients.id', '=', id)
    .where(inScope('recipients.team_id', await currentScope()))
    .executeTakeFirst();
  return row && { ...toRecipient(row), team_id: row.team_id };
}

/** The entries of one book: a team's, or (null) the book of no team. */
export const inBook = (teamId: string | null): Expression<SqlBool> =>
  teamId === null ? sql<SqlBool>`recipients.team_id is null` : sql<SqlBool>`recipients.team_id = ${teamId}`;

export function toRecipient(row: RecipientRow & { added_by_name: string | null }): Recipient {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    source: row.source,
    use_count: Number(row.use_count),
    last_used_at: row.last_used_at,
    added_by: row.added_by_name,
    version: Number(row.version),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const recipientNotFound = () =>
  new ConsoleError(404, RECIPIENT_NOT_FOUND, 'This recipient is no longer in the book: someone may have deleted it already.');

/** Another sender changed the entry after this page read it: say what it holds now. */
export const recipientChanged = (current: Recipient) =>
  new ConsoleError(
    409,
    RECIPIENT_CHANGED,
    `Someone changed this recipient after you opened the book: it now reads ${current.name} <${current.email}>${current.phone ? `, ${current.phone}` : ''}. Check it, then try again.`,
    [{ path: 'version', message: `the book holds version ${current.version}`, current }],
  );

import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readRecipient, recipientChanged, recipientNotFound } from './recipient-record';

export interface DeleteRecipientOptions {
  db: Kysely<Database>;
  id: string;
  /** the version the page showed: an entry changed since is not deleted unseen */
  version: number;
}

/** Deletes an entry as the page showed it; one already gone is 404, one changed since is 409 with what it holds. */
export async function deleteRecipient({ db, id, version }: DeleteRecipientOptions): Promise<{ deleted: string; email: string }> {
  const current = await readRecipient(db, id);
  if (!current) throw recipientNotFound();
  if (current.version !== version) throw recipientChanged(current);
  const { numDeletedRows } = await db
    .deleteFrom('recipients')
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(numDeletedRows) === 0) {
    const now = await readRecipient(db, id);
    throw now ? recipientChanged(now) : recipientNotFound();
  }
  return { deleted: id, email: current.email };
}

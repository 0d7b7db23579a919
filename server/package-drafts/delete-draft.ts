import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { draftNotFound } from './draft-record';

/** Deletes one of the user's drafts; anyone else's, or one already gone, is 404. */
export async function deleteDraft(
  db: Kysely<Database>,
  { userId, id }: { userId: string; id: string },
): Promise<{ id: string; deleted: true }> {
  const result = await db.deleteFrom('package_drafts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw draftNotFound();
  return { id, deleted: true };
}

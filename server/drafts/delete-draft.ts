import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { draftNotFound, type DraftKind, type DraftMeta } from './draft-record';

/** Deletes one of the user's drafts; anyone else's, or one already gone, is 404. */
export async function deleteDraft<V, S extends DraftMeta>(
  db: Kysely<Database>,
  kind: DraftKind<V, S>,
  { userId, id }: { userId: string; id: string },
): Promise<{ id: string; deleted: true }> {
  const result = await db
    .deleteFrom('drafts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind.kind)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw draftNotFound(kind);
  return { id, deleted: true };
}

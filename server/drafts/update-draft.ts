import 'server-only';
import type { Kysely } from 'kysely';
import { DRAFT_CONFLICT } from '@/lib/drafts/draft-codes';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { draftNotFound, toDraft, written, type DraftInput, type DraftKind, type DraftMeta } from './draft-record';

export interface UpdateDraft<V> {
  userId: string;
  id: string;
  /** the version the browser read: the save goes through only over that one */
  version: number;
  input: DraftInput<V>;
}

/**
 * Saves over a draft only if it is still the version the browser read (DESIGN.md section 6):
 * the version check and the write are one statement, so of two tabs saving the same version
 * exactly one succeeds and the other hears 409 with the version it would overwrite.
 */
export async function updateDraft<V, S extends DraftMeta>(
  db: Kysely<Database>,
  kind: DraftKind<V, S>,
  { userId, id, version, input }: UpdateDraft<V>,
): Promise<S & { values: V }> {
  const row = await db
    .updateTable('drafts')
    .set({ ...written(kind, input), version: version + 1, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind.kind)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  if (row) return toDraft(kind, row);
  const current = await db
    .selectFrom('drafts')
    .select('version')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', kind.kind)
    .executeTakeFirst();
  if (!current) throw draftNotFound(kind);
  const saved = Number(current.version);
  throw new ConsoleError(
    409,
    DRAFT_CONFLICT,
    `This draft was saved elsewhere (another tab or window) after you opened it: yours is based on version ${version}, the saved one is version ${saved}. Load the saved draft, or save yours over it.`,
    [{ path: 'version', message: `the saved draft is version ${saved}`, current_version: saved }],
  );
}

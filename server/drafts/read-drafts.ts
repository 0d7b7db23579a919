import 'server-only';
import type { Kysely } from 'kysely';
import type { Page } from '@/lib/list/schemas';
import type { Database } from '../db/schema';
import { draftNotFound, toDraft, toSummary, type DraftKind, type DraftMeta } from './draft-record';

const mine = (db: Kysely<Database>, kind: DraftKind<unknown, DraftMeta>, userId: string) =>
  db.selectFrom('drafts').where('user_id', '=', userId).where('kind', '=', kind.kind);

/** The user's drafts of one kind, most recently saved first, a page at a time (no values: the list needs none). */
export async function listDrafts<V, S extends DraftMeta>(
  db: Kysely<Database>,
  kind: DraftKind<V, S>,
  { userId, page, size }: { userId: string; page: number; size: number },
): Promise<Page<S>> {
  const { total } = await mine(db, kind, userId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await mine(db, kind, userId)
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = Number(total);
  return { data: rows.map((r) => toSummary(kind, r)), pagination: { page, size, total: count, pages: Math.ceil(count / size) } };
}

export async function getDraft<V, S extends DraftMeta>(
  db: Kysely<Database>,
  kind: DraftKind<V, S>,
  { userId, id }: { userId: string; id: string },
): Promise<S & { values: V }> {
  const row = await mine(db, kind, userId).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw draftNotFound(kind);
  return toDraft(kind, row);
}

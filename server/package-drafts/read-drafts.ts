import 'server-only';
import type { Kysely } from 'kysely';
import type { Page } from '@/lib/list/schemas';
import type { PackageDraft, PackageDraftSummary } from '@/lib/package-drafts/schemas';
import type { Database } from '../db/schema';
import { draftNotFound, toDraft, toSummary } from './draft-record';

/** The user's drafts, most recently saved first, a page at a time (no values: the list needs none). */
export async function listDrafts(
  db: Kysely<Database>,
  { userId, page, size }: { userId: string; page: number; size: number },
): Promise<Page<PackageDraftSummary>> {
  const mine = db.selectFrom('package_drafts').where('user_id', '=', userId);
  const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await mine
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = Number(total);
  return { data: rows.map(toSummary), pagination: { page, size, total: count, pages: Math.ceil(count / size) } };
}

export async function getDraft(db: Kysely<Database>, { userId, id }: { userId: string; id: string }): Promise<PackageDraft> {
  const row = await db
    .selectFrom('package_drafts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw draftNotFound();
  return toDraft(row);
}

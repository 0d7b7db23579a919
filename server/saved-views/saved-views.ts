import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { can, type Role } from '@/lib/roles';
import {
  normaliseViewQuery,
  SAVED_VIEW_LISTS,
  SAVED_VIEWS_MAX,
  viewHref,
  type SavedView,
  type SavedViewList,
} from '@/lib/saved-views/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';

const toView = (r: { id: string; list: string; name: string; query: string; created_at: string }): SavedView => ({
  id: r.id,
  list: r.list as SavedViewList,
  name: r.name,
  query: r.query,
  href: viewHref(r.list as SavedViewList, r.query),
  created_at: r.created_at,
});

/** The user's saved views, by list, then by name. */
export async function savedViewsOf(db: Kysely<Database>, userId: string): Promise<SavedView[]> {
  const rows = await db
    .selectFrom('saved_views')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('list')
    .orderBy('name')
    .execute();
  return rows.map(toView);
}

export interface SaveViewOptions {
  db: Kysely<Database>;
  userId: string;
  roles: readonly Role[];
  input: { list: SavedViewList; name: string; query: string };
  now?: Date;
}

/**
 * Keeps a filtered list under a name. Saving the same name with the same filters again is the
 * same view (a retried click makes one); the same name with other filters is refused, so a
 * view is never changed behind its owner's back.
 */
export async function saveView({
  db,
  userId,
  roles,
  input,
  now = new Date(),
}: SaveViewOptions): Promise<{ view: SavedView; created: boolean }> {
  const { label, permission } = SAVED_VIEW_LISTS[input.list];
  if (!can(roles, permission))
    throw new ConsoleError(403, 'FORBIDDEN', `Your role cannot read ${label.toLowerCase()}, so it cannot keep a view of them.`);
  const normal = normaliseViewQuery(input.list, input.query);
  if (!normal.ok) {
    const details = normal.issues.map((i) => ({ path: `query.${i.path.join('.')}`, message: i.message }));
    throw new ConsoleError(
      422,
      'VALIDATION_FAILED',
      `These filters cannot be saved: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      details,
    );
  }
  const named = () =>
    db
      .selectFrom('saved_views')
      .selectAll()
      .where('user_id', '=', userId)
      .where('list', '=', input.list)
      .where('name', '=', input.name)
      .executeTakeFirst();
  // The name is taken: by this very view (a retried click, another tab), or by another one.
  const foundAs = (found: Parameters<typeof toView>[0]) => {
    if (found.query !== normal.query) throw nameTaken(input.name);
    return { view: toView(found), created: false };
  };
  const same = await named();
  if (same) return foundAs(same);
  const { count } = await db
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= SAVED_VIEWS_MAX) {
    throw new ConsoleError(
      409,
      'TOO_MANY_VIEWS',
      `You keep ${SAVED_VIEWS_MAX} views at most. Delete one you no longer use, then save this one.`,
    );
  }
  const row = {
    id: `view_${randomUUID()}`,
    user_id: userId,
    list: input.list,
    name: input.name,
    query: normal.query,
    created_at: now.toISOString(),
  };
  try {
    await db.insertInto('saved_views').values(row).execute();
  } catch (err) {
    // Another tab saved the same name meanwhile: answer as if this one had found it.
    const raced = await named();
    if (raced) return foundAs(raced);
    throw err;
  }
  return { view: toView(row), created: true };
}

const nameTaken = (name: string) =>
  new ConsoleError(
    409,
    'VIEW_NAME_TAKEN',
    `You already have a view named “${name}” with other filters. Choose another name, or delete that view first.`,
    [{ path: 'name', message: 'A view of yours already has this name' }],
  );

/** Deletes one of the user's views; another user's, or none, is "not found". */
export async function deleteView(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  const { numDeletedRows } = await db
    .deleteFrom('saved_views')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (numDeletedRows === 0n) throw new ConsoleError(404, 'NOT_FOUND', 'No such view of yours: it may have been deleted already.');
}

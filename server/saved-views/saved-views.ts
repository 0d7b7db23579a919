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
import { noteRecordTeam } from '../teams/scope';
import { teamsOfUser } from '../teams/team-store';

// Saved views are personal, or shared with one of their maker's teams (issue 38): a shared view
// shows to every member of that team as long as they are in it; only its maker (or an admin
// who sees it) changes it. A view keeps filters, never records: its link opens the list under
// the reader's own scope.

export interface Reader {
  id: string;
  roles: readonly Role[];
}

const viewRows = (db: Kysely<Database>) =>
  db
    .selectFrom('saved_views')
    .leftJoin('teams', 'teams.id', 'saved_views.team_id')
    .leftJoin('users', 'users.id', 'saved_views.user_id')
    .select([
      'saved_views.id',
      'saved_views.user_id',
      'saved_views.list',
      'saved_views.name',
      'saved_views.query',
      'saved_views.created_at',
      'saved_views.team_id',
      'teams.name as team_name',
      'users.name as owner_name',
    ]);
type ViewRow = Awaited<ReturnType<ReturnType<typeof viewRows>['executeTakeFirstOrThrow']>>;

const toView = (r: ViewRow, reader: Reader, readerTeams: readonly string[]): SavedView => {
  const mine = r.user_id === reader.id;
  return {
    id: r.id,
    list: r.list as SavedViewList,
    name: r.name,
    query: r.query,
    href: viewHref(r.list as SavedViewList, r.query),
    created_at: r.created_at,
    team: r.team_id ? { id: r.team_id, name: r.team_name ?? 'A removed team' } : null,
    owner: { id: r.user_id, name: r.owner_name ?? 'A removed user' },
    mine,
    can_change: mine || (reader.roles.includes('admin') && r.team_id !== null && readerTeams.includes(r.team_id)),
  };
};

const activeTeamIds = async (db: Kysely<Database>, userId: string) => (await teamsOfUser(db, userId)).map((t) => t.id);

/** The views a reader sees: their own, and those shared with one of their active teams (an admin's too: theirs, not every team's). */
export async function savedViewsOf(db: Kysely<Database>, reader: Reader): Promise<SavedView[]> {
  const teams = await activeTeamIds(db, reader.id);
  const rows = await viewRows(db)
    .where((eb) =>
      teams.length > 0
        ? eb.or([eb('saved_views.user_id', '=', reader.id), eb('saved_views.team_id', 'in', teams)])
        : eb('saved_views.user_id', '=', reader.id),
    )
    .orderBy('saved_views.list')
    .orderBy('saved_views.name')
    .orderBy('saved_views.id')
    .execute();
  return rows.map((r) => toView(r, reader, teams));
}

/** A team the view's maker may share with: one of their active teams. */
async function checkShare(db: Kysely<Database>, makerId: string, teamId: string | null | undefined) {
  if (!teamId) return null;
  if ((await activeTeamIds(db, makerId)).includes(teamId)) return teamId;
  throw new ConsoleError(422, 'TEAM_NOT_YOURS', 'A view is shared only with one of its maker’s teams.', [
    { path: 'team_id', message: 'not one of your teams' },
  ]);
}

/** Another view of `teamId`'s with this name in this list: a team's shared views are told apart by name. */
async function teamNameClash(db: Kysely<Database>, teamId: string, list: string, name: string, except?: string) {
  let q = db
    .selectFrom('saved_views')
    .leftJoin('teams', 'teams.id', 'saved_views.team_id')
    .select(['saved_views.id', 'teams.name as team_name'])
    .where('saved_views.team_id', '=', teamId)
    .where('saved_views.list', '=', list)
    .where('saved_views.name', '=', name);
  if (except) q = q.where('saved_views.id', '!=', except);
  const found = await q.executeTakeFirst();
  if (found)
    throw new ConsoleError(
      409,
      'VIEW_NAME_TAKEN',
      `${found.team_name ?? 'This team'} already has a shared view named “${name}”. Choose another name.`,
      [{ path: 'name', message: 'A view shared with this team already has this name' }],
    );
}

export interface SaveViewOptions {
  db: Kysely<Database>;
  userId: string;
  roles: readonly Role[];
  input: { list: SavedViewList; name: string; query: string; team_id?: string | null };
  now?: Date;
}

/**
 * Keeps a filtered list under a name, for its maker alone or shared with one of their teams.
 * Saving the same name with the same filters and sharing again is the same view (a retried click
 * makes one); the same name otherwise is refused, so a view is never changed behind its owner's back.
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
  const teamId = await checkShare(db, userId, input.team_id);
  noteRecordTeam(teamId);
  const reader = { id: userId, roles };
  const teams = await activeTeamIds(db, userId);
  const named = () =>
    viewRows(db)
      .where('saved_views.user_id', '=', userId)
      .where('saved_views.list', '=', input.list)
      .where('saved_views.name', '=', input.name)
      .executeTakeFirst();
  // The name is taken: by this very view (a retried click, another tab), or by another one.
  const foundAs = (found: ViewRow) => {
    if (found.query !== normal.query || found.team_id !== teamId) throw nameTaken(input.name);
    return { view: toView(found, reader, teams), created: false };
  };
  const same = await named();
  if (same) return foundAs(same);
  if (teamId) await teamNameClash(db, teamId, input.list, input.name);
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
    team_id: teamId,
  };
  try {
    await db.insertInto('saved_views').values(row).execute();
  } catch (err) {
    // Another tab saved the same name meanwhile (or a teammate shared one: 0034's index).
    const raced = await named();
    if (raced) return foundAs(raced);
    if (teamId) await teamNameClash(db, teamId, input.list, input.name);
    throw err;
  }
  return {
    view: await viewRows(db)
      .where('saved_views.id', '=', row.id)
      .executeTakeFirstOrThrow()
      .then((r) => toView(r, reader, teams)),
    created: true,
  };
}

const nameTaken = (name: string) =>
  new ConsoleError(
    409,
    'VIEW_NAME_TAKEN',
    `You already have a view named “${name}” with other filters or sharing. Choose another name, or delete that view first.`,
    [{ path: 'name', message: 'A view of yours already has this name' }],
  );

/**
 * One view the reader may change: one they do not see is "not found" (so nothing tells another
 * team's views apart from none); one they see but did not make, unless they are an admin of its
 * team, is refused.
 */
async function changeable(db: Kysely<Database>, reader: Reader, id: string) {
  const teams = await activeTeamIds(db, reader.id);
  const row = await viewRows(db).where('saved_views.id', '=', id).executeTakeFirst();
  if (!row || (row.user_id !== reader.id && !(row.team_id !== null && teams.includes(row.team_id))))
    throw new ConsoleError(404, 'NOT_FOUND', 'No such view: it may have been deleted already, or you no longer share its team.');
  noteRecordTeam(row.team_id);
  const view = toView(row, reader, teams);
  if (!view.can_change)
    throw new ConsoleError(
      403,
      'FORBIDDEN',
      `Only ${view.owner.name}, who made this view, or an admin of its team can change it.`,
    );
  return { row, teams };
}

/** Renames a view or changes who sees it (its maker's teams only); its filters stay as saved. */
export async function updateView(
  db: Kysely<Database>,
  reader: Reader,
  id: string,
  patch: { name?: string; team_id?: string | null },
): Promise<SavedView> {
  const { row, teams } = await changeable(db, reader, id);
  const name = patch.name ?? row.name;
  // Kept or changed, the team must still be one of the maker's: one who has left it no longer
  // renames what its members see (nor learns, from a refused name, what else they share).
  const teamId = await checkShare(db, row.user_id, patch.team_id === undefined ? row.team_id : patch.team_id);
  if (name !== row.name) {
    const mineNamed = await db
      .selectFrom('saved_views')
      .select('id')
      .where('user_id', '=', row.user_id)
      .where('list', '=', row.list)
      .where('name', '=', name)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (mineNamed) throw nameTaken(name);
  }
  if (teamId) await teamNameClash(db, teamId, row.list, name, id);
  noteRecordTeam(teamId ?? row.team_id);
  await db.updateTable('saved_views').set({ name, team_id: teamId }).where('id', '=', id).execute();
  return toView(
    {
      ...row,
      name,
      team_id: teamId,
      team_name: teamId ? ((await teamsOfUser(db, row.user_id)).find((t) => t.id === teamId)?.name ?? null) : null,
    },
    reader,
    teams,
  );
}

/** Deletes a view the reader may change (see changeable). */
export async function deleteView(db: Kysely<Database>, reader: Reader, id: string): Promise<void> {
  await changeable(db, reader, id);
  const { numDeletedRows } = await db.deleteFrom('saved_views').where('id', '=', id).executeTakeFirst();
  if (numDeletedRows === 0n) throw new ConsoleError(404, 'NOT_FOUND', 'No such view: it may have been deleted already.');
}

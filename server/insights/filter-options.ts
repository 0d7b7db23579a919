import 'server-only';
import { teamsOfUser } from '../teams/team-store';
import type { User } from '../users/users';
import type { PackageTallies } from './package-tallies';
import type { FigureSource } from './sends';

/**
 * What the filters offer: the teams the reader may narrow to (an admin: every active team;
 * anyone else: their own), and the templates and senders of the period's sends (as filtered:
 * the tallies are of what the page counts).
 */
export async function filterOptions({ db }: FigureSource, tallies: PackageTallies, user: Pick<User, 'id' | 'roles'>) {
  const teams = user.roles.includes('admin')
    ? await db.selectFrom('teams').select(['id', 'name']).where('archived_at', 'is', null).orderBy('name_key').execute()
    : await teamsOfUser(db, user.id);
  const templates = new Map<string, string | null>();
  const senderIds = new Set<string>();
  for (const r of tallies.rows) {
    if (!templates.get(r.template_id)) templates.set(r.template_id, r.template_name);
    senderIds.add(r.user_id);
  }
  const names = senderIds.size
    ? await db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', [...senderIds])
        .execute()
    : [];
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  const byName = (a: { id: string; name: string | null }, b: { id: string; name: string | null }) =>
    (a.name ?? a.id).localeCompare(b.name ?? b.id);
  return {
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    templates: [...templates].map(([id, name]) => ({ id, name })).sort(byName),
    senders: [...senderIds].map((id) => ({ id, name: nameOf.get(id) ?? 'a deleted account' })).sort(byName),
  };
}

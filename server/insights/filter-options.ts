import 'server-only';
import { sql } from 'kysely';
import { teamsOfUser } from '../teams/team-store';
import type { User } from '../users/users';
import type { Period } from './period';
import { sendsBetween, type FigureSource } from './sends';

/**
 * What the filters offer: the teams the reader may narrow to (an admin: every active team;
 * anyone else: their own), and the templates and senders of the period's sends they see.
 */
export async function filterOptions(source: FigureSource, period: Period, user: Pick<User, 'id' | 'roles'>) {
  const { db } = source;
  const teams = user.roles.includes('admin')
    ? await db.selectFrom('teams').select(['id', 'name']).where('archived_at', 'is', null).orderBy('name_key').execute()
    : await teamsOfUser(db, user.id);
  const unfiltered = { ...source, filters: {} };
  const templates = await sendsBetween(unfiltered, period.start, period.end)
    .select(['s.template_id as id', sql<string | null>`max(s.template_name)`.as('name')])
    .groupBy('s.template_id')
    .execute();
  const senders = await sendsBetween(unfiltered, period.start, period.end)
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id as id', sql<string | null>`max(u.name)`.as('name')])
    .groupBy('s.user_id')
    .execute();
  const byName = <T extends { name: string | null; id: string }>(a: T, b: T) => (a.name ?? a.id).localeCompare(b.name ?? b.id);
  return {
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    templates: templates.sort(byName),
    senders: senders.map((s) => ({ id: s.id, name: s.name ?? 'a deleted account' })).sort(byName),
  };
}

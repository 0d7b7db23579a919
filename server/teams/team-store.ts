import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Team } from '@/lib/teams/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';

// Reading teams and memberships as the routes and the scope need them.

export const newTeamId = () => `team_${randomBytes(9).toString('base64url')}`;
export const teamNameKey = (name: string) => name.trim().toLowerCase();

export const teamNotFound = () => new ConsoleError(404, 'NOT_FOUND', 'No such team.');

/** The active teams a user belongs to, by name. */
export async function teamsOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['teams.id', 'teams.name', 'team_members.source'])
    .where('team_members.user_id', '=', userId)
    .where('teams.archived_at', 'is', null)
    .orderBy('teams.name_key')
    .execute();
}

/** One team, active or archived, or 404. */
export async function teamRow(db: Kysely<Database>, id: string) {
  const team = await db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  if (!team) throw teamNotFound();
  return team;
}

/** Every team (active first, by name) with its members, or the one named. */
export async function readTeams(db: Kysely<Database>, only?: string): Promise<Team[]> {
  let teams = db.selectFrom('teams').selectAll();
  if (only) teams = teams.where('id', '=', only);
  const rows = await teams
    .orderBy('archived_at', (ob) => ob.desc().nullsFirst())
    .orderBy('name_key')
    .execute();
  if (rows.length === 0) return [];
  const members = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'team_members.team_id',
      'team_members.user_id',
      'team_members.source',
      'team_members.added_at',
      'users.name',
      'users.email',
    ])
    .where(
      'team_members.team_id',
      'in',
      rows.map((t) => t.id),
    )
    .orderBy('users.name')
    .execute();
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    archived_at: t.archived_at,
    created_at: t.created_at,
    members: members
      .filter((m) => m.team_id === t.id)
      .map((m) => ({ user_id: m.user_id, name: m.name, email: m.email, source: m.source, added_at: m.added_at })),
  }));
}

/** The one team `id` as the routes answer it, or 404. */
export async function readTeam(db: Kysely<Database>, id: string): Promise<Team> {
  const [team] = await readTeams(db, id);
  if (!team) throw teamNotFound();
  return team;
}

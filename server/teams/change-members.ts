import 'server-only';
import type { Kysely } from 'kysely';
import type { Team } from '@/lib/teams/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { readTeam, teamRow } from './team-store';

// Admin → Teams: adding and removing members by hand. A membership the identity provider's
// groups gave (source 'provider') is the provider's: the next sign-in would undo a hand edit.

const fromProvider = () =>
  new ConsoleError(
    409,
    'MEMBERSHIP_FROM_PROVIDER',
    'This membership comes from the identity provider’s groups (OIDC_TEAM_MAP): change it there.',
  );

async function activeTeam(db: Kysely<Database>, id: string) {
  const team = await teamRow(db, id);
  if (team.archived_at) throw new ConsoleError(409, 'TEAM_ARCHIVED', 'This team is archived: its members cannot change.');
  return team;
}

/** Adds a user to a team by hand; one already in it is the answer as it is. */
export async function addMember(db: Kysely<Database>, teamId: string, userId: string, now = new Date()): Promise<Team> {
  await activeTeam(db, teamId);
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user)
    throw new ConsoleError(404, 'USER_NOT_FOUND', 'No such user.', [{ path: 'user_id', message: 'no user has this id' }]);
  await db
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: userId, source: 'manual', added_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
    .execute();
  return readTeam(db, teamId);
}

/** Removes a hand-made membership; one not there is 404, one from the provider 409. */
export async function removeMember(db: Kysely<Database>, teamId: string, userId: string): Promise<Team> {
  await activeTeam(db, teamId);
  const member = await db
    .selectFrom('team_members')
    .select('source')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member) throw new ConsoleError(404, 'NOT_FOUND', 'This user is not a member of this team.');
  if (member.source === 'provider') throw fromProvider();
  await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('source', '=', 'manual')
    .execute();
  return readTeam(db, teamId);
}

import 'server-only';
import type { Kysely } from 'kysely';
import { teamsFromGroups, type TeamMap } from '@/lib/auth/team-map';
import type { Database } from '../db/schema';
import { teamNameKey } from './team-store';

/**
 * At each sign-in with the identity provider: the user's provider-fed memberships become what
 * their groups map to now (OIDC_TEAM_MAP), so moving a person between groups moves them between
 * teams at their next sign-in. Hand-made memberships are left alone; a mapped team that does not
 * exist (or is archived) gives nothing. Answers the memberships added and removed, by team name
 * and by team.
 */
export async function applyProviderTeams(
  db: Kysely<Database>,
  userId: string,
  groups: readonly string[],
  map: TeamMap,
  now = new Date(),
): Promise<{ added: string[]; removed: string[]; changed: { teamId: string; name: string; change: 'added' | 'removed' }[] }> {
  const names = teamsFromGroups(groups, map).map(teamNameKey);
  return db.transaction().execute(async (tx) => {
    const wanted =
      names.length === 0
        ? []
        : await tx
            .selectFrom('teams')
            .select(['id', 'name'])
            .where('name_key', 'in', names)
            .where('archived_at', 'is', null)
            .execute();
    const held = await tx
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .select(['team_members.team_id', 'team_members.source', 'teams.name'])
      .where('team_members.user_id', '=', userId)
      .execute();
    const heldIds = new Set(held.map((h) => h.team_id));
    const wantedIds = new Set(wanted.map((w) => w.id));
    const toAdd = wanted.filter((w) => !heldIds.has(w.id));
    const toRemove = held.filter((h) => h.source === 'provider' && !wantedIds.has(h.team_id));
    if (toAdd.length > 0)
      await tx
        .insertInto('team_members')
        .values(toAdd.map((t) => ({ team_id: t.id, user_id: userId, source: 'provider' as const, added_at: now.toISOString() })))
        .execute();
    if (toRemove.length > 0)
      await tx
        .deleteFrom('team_members')
        .where('user_id', '=', userId)
        .where('source', '=', 'provider')
        .where(
          'team_id',
          'in',
          toRemove.map((t) => t.team_id),
        )
        .execute();
    return {
      added: toAdd.map((t) => t.name),
      removed: toRemove.map((t) => t.name),
      changed: [
        ...toAdd.map((t) => ({ teamId: t.id, name: t.name, change: 'added' as const })),
        ...toRemove.map((t) => ({ teamId: t.team_id, name: t.name, change: 'removed' as const })),
      ],
    };
  });
}

import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { teamRow } from './team-store';

/**
 * "Assign a sender's past packages to a team": every package the console sent for that sender
 * that belongs to no team (sent before teams, or while they were in none), and their batches
 * with them, becomes the team's, in one transaction. A package already of a team keeps it.
 * Answers how many packages and batches moved.
 */
export async function assignPastPackages(db: Kysely<Database>, teamId: string, userId: string) {
  const team = await teamRow(db, teamId);
  if (team.archived_at) throw new ConsoleError(409, 'TEAM_ARCHIVED', 'This team is archived: nothing can be assigned to it.');
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user)
    throw new ConsoleError(404, 'USER_NOT_FOUND', 'No such user.', [{ path: 'user_id', message: 'no user has this id' }]);
  return db.transaction().execute(async (tx) => {
    const packages = await tx
      .updateTable('send_records')
      .set({ team_id: teamId })
      .where('user_id', '=', userId)
      .where('team_id', 'is', null)
      .where('package_id', 'is not', null)
      .executeTakeFirst();
    const batches = await tx
      .updateTable('bulk_batches')
      .set({ team_id: teamId })
      .where('user_id', '=', userId)
      .where('team_id', 'is', null)
      .executeTakeFirst();
    return {
      team_id: teamId,
      user_id: userId,
      packages: Number(packages.numUpdatedRows),
      batches: Number(batches.numUpdatedRows),
    };
  });
}

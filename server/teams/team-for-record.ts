import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import type { User } from '../users/users';
import { noteRecordTeam } from './scope';
import { teamsOfUser } from './team-store';

/**
 * The team a new record (a package sent, a batch, a book entry) belongs to: the one asked for,
 * which must be one of the maker's active teams (any active team for an admin); else their only
 * team; else, of several, the one they last sent for; null for a maker in no team.
 */
export async function teamForRecord(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'roles'>,
  requested?: string,
): Promise<string | null> {
  const team = await decideTeam(db, user, requested);
  noteRecordTeam(team);
  return team;
}

async function decideTeam(db: Kysely<Database>, user: Pick<User, 'id' | 'roles'>, requested?: string): Promise<string | null> {
  const mine = await teamsOfUser(db, user.id);
  if (requested !== undefined) {
    if (mine.some((t) => t.id === requested)) return requested;
    if (user.roles.includes('admin')) {
      const active = await db
        .selectFrom('teams')
        .select('id')
        .where('id', '=', requested)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      if (active) return requested;
    }
    throw new ConsoleError(422, 'TEAM_NOT_YOURS', 'You can only send for one of your own teams.', [
      { path: 'team_id', message: 'not one of your teams' },
    ]);
  }
  if (mine.length <= 1) return mine[0]?.id ?? null;
  return (
    (await lastUsedTeam(
      db,
      user.id,
      mine.map((t) => t.id),
    )) ?? mine[0]!.id
  );
}

/** Where a person's records note their team and when they made them (the records an admin assigned are not theirs). */
const MADE = [
  { table: 'send_records', at: 'previewed_at', made: false },
  { table: 'bulk_batches', at: 'created_at', made: false },
  { table: 'approval_submissions', at: 'submitted_at', made: true },
  { table: 'document_uploads', at: 'uploaded_at', made: true },
] as const;

/** Of these teams, the one the user last sent a package, made a batch, submitted a request or uploaded a document for. */
export async function lastUsedTeam(db: Kysely<Database>, userId: string, teamIds: readonly string[]) {
  if (teamIds.length === 0) return undefined;
  const latest = await Promise.all(
    MADE.map(({ table, at, made }) => {
      let query = db
        .selectFrom(table)
        .select(['team_id', sql<string>`${sql.ref(at)}`.as('at')])
        .where('user_id', '=', userId)
        .where('team_id', 'in', [...teamIds]);
      if (made) query = query.where('assigned_by', 'is', null);
      return query.orderBy(sql.ref(at), 'desc').limit(1).executeTakeFirst();
    }),
  );
  const last = latest.filter((r) => r !== undefined).sort((a, b) => b.at.localeCompare(a.at))[0];
  return last?.team_id ?? undefined;
}

import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type CompiledQuery, type Kysely, type SqlBool, type Expression } from 'kysely';
import { sqliteFile } from '../db/connect';
import { env } from '../env';
import { db as database } from '../db';
import type { Database } from '../db/schema';
import type { User } from '../users/users';

/**
 * Which of the console's own records a person sees (DESIGN.md §1, Teams): everything (an admin;
 * no team defined; TEAM_VISIBILITY=everyone), or the records of their active teams, which leaves
 * out the records of no team (made before teams, or by other means).
 */
export type TeamScope =
  | { kind: 'everything' }
  /** noTeam: the records of no team too (an admin's "no team" filter) */
  | { kind: 'teams'; teamIds: readonly string[]; noTeam?: boolean };

export const EVERYTHING: TeamScope = { kind: 'everything' };

/** The scope of this user, read now: their memberships as they stand. */
export async function scopeFor(db: Kysely<Database>, user: Pick<User, 'id' | 'roles'>): Promise<TeamScope> {
  if (user.roles.includes('admin') || env().TEAM_VISIBILITY === 'everyone') return EVERYTHING;
  const rows = await teamsOfReader(db, user.id);
  // Row 0 says whether any team is active at all; the rest are the reader's active teams.
  if (rows.length === 0) return EVERYTHING;
  return { kind: 'teams', teamIds: rows.filter((r) => r.team_id !== null).map((r) => r.team_id!) };
}

// Read for every scoped request of a team member: one statement, compiled once per database and
// on SQLite run synchronously (as the session's user lookup is), since building and compiling
// the two queries it replaces cost more than running them (the load bench with 5 teams).
const readerQueries = new WeakMap<Kysely<Database>, CompiledQuery<{ team_id: string | null }>>();

async function teamsOfReader(db: Kysely<Database>, userId: string): Promise<{ team_id: string | null }[]> {
  let query = readerQueries.get(db);
  if (!query) {
    const anyTeam = db
      .selectFrom('teams')
      .select(sql<string | null>`null`.as('team_id'))
      .where('archived_at', 'is', null)
      .limit(1);
    const mine = db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .select('team_members.team_id')
      .where('team_members.user_id', '=', '')
      .where('teams.archived_at', 'is', null);
    query = db
      .selectFrom(anyTeam.as('any_team'))
      .select('any_team.team_id')
      .unionAll(db.selectFrom(mine.as('mine')).select('mine.team_id'))
      .compile();
    readerQueries.set(db, query);
  }
  const parameters = query.parameters.map((p) => (p === '' ? userId : p));
  const file = sqliteFile(db);
  return file
    ? (file.prepare(query.sql).all(parameters) as { team_id: string | null }[])
    : (await db.executeQuery({ ...query, parameters } as typeof query)).rows;
}

// The request's user, set by the route wrapper (server/http/handler.ts) and by the pages that
// read records; the scope is read from the database the first time a read asks for it.
type ScopeHolder = (
  { user: Pick<User, 'id' | 'roles'>; scope?: Promise<TeamScope> } | { user?: undefined; scope: Promise<TeamScope> }
) & { note?: TeamNote };
const holder = new AsyncLocalStorage<ScopeHolder>();

/** The team a request made its record for, kept for the request's audit entry. */
export interface TeamNote {
  teamId?: string | null;
}

/** Runs `fn` as `user`: every read of records under it sees what their teams see; `note` gets the team a record is made for. */
export const withTeamScope = <T>(user: Pick<User, 'id' | 'roles'>, fn: () => T, note?: TeamNote): T =>
  holder.run({ user, note }, fn);

/** Notes the team this request's record is made for (teamForRecord), so its audit entry carries it. */
export function noteRecordTeam(teamId: string | null) {
  const note = holder.getStore()?.note;
  if (note) note.teamId = teamId;
}

/** The rest of the calling async function runs under a scope given whole (the database suites' tests). */
export const enterScope = (scope: TeamScope) => holder.enterWith({ scope: Promise.resolve(scope) });

/** Runs `fn` under a scope given whole (background work, the database suites). */
export const withScope = <T>(scope: TeamScope, fn: () => T): T => holder.run({ scope: Promise.resolve(scope) }, fn);

/**
 * The scope of the request under way. A read of records outside one (a route that skipped the
 * wrapper, a page that did not ask) fails loudly rather than showing every team's records.
 */
export function currentScope(): Promise<TeamScope> {
  const held = holder.getStore();
  if (!held) throw new Error('A read of team records outside a team scope: run it under withTeamScope (the route wrapper does).');
  if (held.scope) return held.scope;
  const { user } = held;
  held.scope = database().then((db) => scopeFor(db, user!));
  return held.scope;
}

/** The condition a record's `team_id` column must meet to be in the scope. */
export function inScope(column: string, scope: TeamScope): Expression<SqlBool> {
  if (scope.kind === 'everything') return sql<SqlBool>`1 = 1`;
  const ref = sql.ref(column);
  const teams = scope.teamIds.length > 0 ? sql<SqlBool>`${ref} in (${sql.join([...scope.teamIds])})` : null;
  if (scope.noTeam) return teams ? sql<SqlBool>`(${teams} or ${ref} is null)` : sql<SqlBool>`${ref} is null`;
  return teams ?? sql<SqlBool>`1 = 0`;
}

/** Whether a record of team `teamId` is in the scope. */
export const holdsTeam = (scope: TeamScope, teamId: string | null) =>
  scope.kind === 'everything' || (teamId === null ? scope.noTeam === true : scope.teamIds.includes(teamId));

/**
 * Narrows the rest of the request to one team's records (`none`: those of no team), as a list's
 * team filter asks: within what the reader sees, so a team not theirs (or no team, for all
 * but those who see everything) narrows to nothing rather than widening anything.
 */
export async function narrowScope(team: string) {
  const held = holder.getStore();
  if (!held) throw new Error('A team filter outside a team scope.');
  const scope = await currentScope();
  const narrowed: TeamScope =
    team === 'none'
      ? { kind: 'teams', teamIds: [], noTeam: scope.kind === 'everything' }
      : { kind: 'teams', teamIds: holdsTeam(scope, team) ? [team] : [] };
  held.scope = Promise.resolve(narrowed);
}

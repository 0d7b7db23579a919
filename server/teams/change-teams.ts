import 'server-only';
import type { Kysely } from 'kysely';
import type { Team } from '@/lib/teams/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { newTeamId, readTeam, teamNameKey, teamRow } from './team-store';

// Admin → Teams: making, renaming and archiving teams. Names are unique among active teams,
// whatever their case; an archived team keeps its records and frees its name.

const nameTaken = (name: string) =>
  new ConsoleError(409, 'TEAM_NAME_TAKEN', `A team named “${name}” already exists.`, [
    { path: 'name', message: 'Another active team has this name' },
  ]);

const activeNamed = (db: Kysely<Database>, key: string) =>
  db.selectFrom('teams').select('id').where('name_key', '=', key).where('archived_at', 'is', null).executeTakeFirst();

/** A unique index refused the name (two creates at once): the same 409 as the check before it. */
const isUniqueViolation = (err: unknown) => /unique/i.test(String((err as { message?: unknown })?.message ?? ''));

export async function createTeam(db: Kysely<Database>, name: string, now = new Date()): Promise<Team> {
  const key = teamNameKey(name);
  if (await activeNamed(db, key)) throw nameTaken(name);
  const id = newTeamId();
  const at = now.toISOString();
  try {
    await db.insertInto('teams').values({ id, name, name_key: key, archived_at: null, created_at: at, updated_at: at }).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
  return readTeam(db, id);
}

export async function renameTeam(db: Kysely<Database>, id: string, name: string, now = new Date()) {
  const team = await teamRow(db, id);
  if (team.archived_at) throw new ConsoleError(409, 'TEAM_ARCHIVED', 'This team is archived: it cannot be renamed.');
  const key = teamNameKey(name);
  const other = await activeNamed(db, key);
  if (other && other.id !== id) throw nameTaken(name);
  try {
    await db.updateTable('teams').set({ name, name_key: key, updated_at: now.toISOString() }).where('id', '=', id).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
  return { team: await readTeam(db, id), from: team.name };
}

/** Archives a team: its members no longer see its records through it; the records stay its. Twice is once. */
export async function archiveTeam(db: Kysely<Database>, id: string, now = new Date()): Promise<Team> {
  const team = await teamRow(db, id);
  if (!team.archived_at)
    await db
      .updateTable('teams')
      .set({ archived_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  return readTeam(db, id);
}

import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../tests/support/postgres';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { EVERYTHING, scopeFor } from './scope';

// scopeFor is read on every scoped request of a team member, as one statement compiled once
// (and on SQLite run synchronously): what it answers must be what the memberships say, on both
// databases.
process.env.SIGNING_API_BASE_URL ??= 'http://127.0.0.1:9';
process.env.SIGNING_API_KEY ??= `sk_test_${randomBytes(24).toString('hex')}`;
process.env.SESSION_PASSWORD ??= randomBytes(32).toString('hex');

let pg: TestPostgres | null = null;
const dirs: string[] = [];
const opened: Kysely<Database>[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy();
  await pg?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(['sqlite', 'postgres'] as const)('scopeFor on %s', (dialect) => {
  it('everything with no active team; else the reader’s active teams, none for one in no team; admins everything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scope-'));
    dirs.push(dir);
    if (dialect === 'postgres') pg ??= await startPostgres();
    const db = await connect({ dataDir: dir, databaseUrl: dialect === 'postgres' ? pg!.url : undefined });
    opened.push(db);
    await migrate(db, dialect === 'postgres');
    const ann = { id: 'usr_ann', roles: ['operator' as const] };
    const bob = { id: 'usr_bob', roles: ['viewer' as const] };
    const now = new Date().toISOString();
    const team = (id: string, archived: string | null) =>
      db
        .insertInto('teams')
        .values({ id, name: id, name_key: id, created_at: now, updated_at: now, archived_at: archived })
        .execute();

    expect(await scopeFor(db, ann)).toEqual(EVERYTHING);
    await team('team_old', now);
    await db
      .insertInto('team_members')
      .values({ team_id: 'team_old', user_id: 'usr_ann', source: 'manual', added_at: now })
      .execute();
    // Only an archived team: as if none.
    expect(await scopeFor(db, ann)).toEqual(EVERYTHING);
    await team('team_a', null);
    await team('team_b', null);
    expect(await scopeFor(db, ann)).toEqual({ kind: 'teams', teamIds: [] });
    for (const t of ['team_a', 'team_b'])
      await db.insertInto('team_members').values({ team_id: t, user_id: 'usr_ann', source: 'manual', added_at: now }).execute();
    const scope = await scopeFor(db, ann);
    expect(scope.kind === 'teams' && [...scope.teamIds].sort()).toEqual(['team_a', 'team_b']);
    expect(await scopeFor(db, bob)).toEqual({ kind: 'teams', teamIds: [] });
    expect(await scopeFor(db, { id: 'usr_bob', roles: ['admin'] })).toEqual(EVERYTHING);
  }, 120_000);
});

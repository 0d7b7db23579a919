import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, migrate, sqliteFile } from '../db/connect';
import type { Database } from '../db/schema';
import { lastLooked, noteHomeVisit, VISIT_GAP_MS } from './home-visits';

let dir: string;
let conn: Kysely<Database>;
/** The same database, counting the statements run through it. */
let watched: Kysely<Database>;
let statements = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'home-visits-unit-'));
  conn = await connect({ dataDir: dir });
  await migrate(conn, false);
  watched = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqliteFile(conn)! }), log: () => void statements++ });
});
afterAll(async () => {
  await conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.parse('2026-11-28T09:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const counted = async (run: () => Promise<unknown>) => {
  const before = statements;
  await run();
  return statements - before;
};

describe('noteHomeVisit', () => {
  it('writes a visit once: views within the gap ask nothing of the database, the next visit is written again', async () => {
    expect(await counted(() => noteHomeVisit(watched, 'usr_v1', at(0)))).toBe(1);
    expect(await counted(() => noteHomeVisit(watched, 'usr_v1', at(1)))).toBe(0);
    expect(await counted(() => noteHomeVisit(watched, 'usr_v1', at(9)))).toBe(0);
    expect(await lastLooked(conn, 'usr_v1')).toBeNull();
    expect(await counted(() => noteHomeVisit(watched, 'usr_v1', at(11)))).toBe(1);
    expect(await lastLooked(conn, 'usr_v1')).toBe(at(0).toISOString());
  });

  it('still leaves a visit that another instance noted meanwhile as it is', async () => {
    await noteHomeVisit(watched, 'usr_v2', at(0));
    // Another instance notes the next visit, 11 minutes on: this one never saw it.
    await conn
      .updateTable('home_visits')
      .set({ seen_at: at(11).toISOString(), previous_seen_at: at(0).toISOString() })
      .where('user_id', '=', 'usr_v2')
      .execute();
    // Twelve minutes on, here: one visit with the other instance's, so "since" stays the first.
    await noteHomeVisit(watched, 'usr_v2', at(12));
    expect(await lastLooked(conn, 'usr_v2')).toBe(at(0).toISOString());
    expect(VISIT_GAP_MS).toBe(10 * 60_000);
    // Having read that visit's time, the views within its gap ask nothing more.
    expect(await counted(() => noteHomeVisit(watched, 'usr_v2', at(13)))).toBe(0);
    expect(await counted(() => noteHomeVisit(watched, 'usr_v2', at(20)))).toBe(0);
    expect(await counted(() => noteHomeVisit(watched, 'usr_v2', at(22)))).toBe(1);
    expect(await lastLooked(conn, 'usr_v2')).toBe(at(11).toISOString());
  });
});

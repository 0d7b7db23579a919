import 'server-only';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, migrate } from './connect';
import { migrations } from './migrations';

// Issue 19: the console database (sessions, users, audit log) was created 0644 in a 0755
// folder, readable by every local user. It must be the owner's alone whatever the umask.
const parent = mkdtempSync(join(tmpdir(), 'connect-unit-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Opens, migrates and writes, so the WAL and its index exist; answers the files while open. */
async function openAndWrite(dataDir: string) {
  const conn = await connect({ dataDir });
  try {
    await migrate(conn, false);
    await sql`CREATE TABLE IF NOT EXISTS mode_probe (n integer)`.execute(conn);
    await sql`INSERT INTO mode_probe (n) VALUES (1)`.execute(conn);
    return Object.fromEntries(readdirSync(dataDir).map((name) => [name, modeOf(join(dataDir, name))]));
  } finally {
    await conn.destroy();
  }
}

describe('connect (SQLite): owner-only data', () => {
  it('creates the data folder 0700 and the database, WAL and shared-memory files 0600', async () => {
    const dataDir = join(parent, 'fresh', 'console');
    const files = await openAndWrite(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(files).toEqual({ 'console.db': 0o600, 'console.db-wal': 0o600, 'console.db-shm': 0o600 });
  });

  it('takes back an existing folder and database left readable by an earlier version', async () => {
    const dataDir = join(parent, 'older');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'console.db'), '');
    chmodSync(join(dataDir, 'console.db'), 0o644);
    const files = await openAndWrite(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(files).toEqual({ 'console.db': 0o600, 'console.db-wal': 0o600, 'console.db-shm': 0o600 });
  });
});

describe('migrate (SQLite): all or none', () => {
  it('a migration that fails leaves the ones before it in the same start unapplied and unrecorded', async () => {
    const dataDir = join(parent, 'halfway');
    const conn = await connect({ dataDir });
    try {
      const { error } = await new Migrator({ db: conn, provider: { getMigrations: async () => migrations } }).migrateTo(
        '0035_assigned_by',
      );
      expect(error).toBeUndefined();
      // what 0037 is to make is already there: it fails, after 0036 ran
      await sql`CREATE TABLE package_teams (package_id text)`.execute(conn);
      await expect(migrate(conn, false)).rejects.toThrow(/0037_package_teams/);
      const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(conn);
      expect(tables.rows.map((t) => t.name)).not.toContain('request_facts');
      const recorded = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(conn);
      expect(recorded.rows[0]?.name).toBe('0035_assigned_by');
    } finally {
      await conn.destroy();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { connect } from '../../server/db/connect';
import { migrations } from '../../server/db/migrations';
import type { Database } from '../../server/db/schema';
import { findBin, startPostgres, type TestPostgres } from './postgres';

/** SQLite always; PostgreSQL where it is installed (a throw-away server, as the PostgreSQL tests start). */
export const DIALECTS = ['sqlite', ...(findBin('initdb') ? ['postgres'] : [])] as const;
export type Dialect = (typeof DIALECTS)[number];

/**
 * Fresh databases made by the console's migrations, for unit files that test what the database
 * itself keeps (triggers, grouped figures): each `fresh` is a new SQLite file or a new database
 * of one PostgreSQL server shared by the file; `close` removes them all (call it in afterAll).
 */
export function migratedDatabases(prefix: string) {
  const dirs: string[] = [];
  const opened: Kysely<Database>[] = [];
  let pg: TestPostgres | null = null;
  let databases = 0;
  return {
    /** Starts the file's PostgreSQL ahead of its first test (in a beforeAll with a long timeout). */
    async warm(dialect: Dialect) {
      if (dialect === 'postgres') pg ??= await startPostgres();
    },
    /** A new database of `dialect`, migrated to `upTo` (every migration when not given). */
    async fresh(dialect: Dialect, upTo?: string) {
      const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
      dirs.push(dir);
      let databaseUrl: string | undefined;
      if (dialect === 'postgres') {
        pg ??= await startPostgres();
        databases += 1;
        const admin = await connect({ dataDir: dir, databaseUrl: pg.url });
        await sql.raw(`CREATE DATABASE ${prefix.replace(/\W/g, '_')}_${databases}`).execute(admin);
        await admin.destroy();
        databaseUrl = pg.url.replace(/\/postgres$/, `/${prefix.replace(/\W/g, '_')}_${databases}`);
      }
      const db = await connect({ dataDir: dir, databaseUrl });
      opened.push(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
      if (error) throw error;
      return { db, migrator };
    },
    async close() {
      for (const db of opened.splice(0)) await db.destroy();
      await pg?.stop();
      pg = null;
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

import 'server-only';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { ownerOnlySqlite } from '../../lib/node/owner-only-sqlite.ts';
import { join } from 'node:path';
import type { Database } from './schema.ts';
import { migrations } from './migrations.ts';

export interface DbConfig {
  databaseUrl?: string;
  dataDir: string;
  /** told when an idle PostgreSQL connection fails (a restart, a failover); the pool opens a new one */
  onConnectionError?(err: Error): void;
}

const warnConnectionLost = (err: Error) =>
  console.warn(`database connection lost (${(err as Error & { code?: string }).code ?? err.name}); the pool opens a new one`);

/** Kysely over PostgreSQL when a URL is given, else embedded SQLite in the data directory. */
export async function connect(config: DbConfig): Promise<Kysely<Database>> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 }); // a silent database answers 503, never hangs
    // pg re-emits an idle connection's failure on the pool, and an 'error' event nobody hears
    // ends the process: a database restart must cost a reconnect, not the console.
    pool.on('error', config.onConnectionError ?? warnConnectionLost);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pgPools.set(db, pool);
    return db;
  }
  const { default: SQLite } = await import('better-sqlite3');
  const path = join(config.dataDir, 'console.db');
  // Sessions, password hashes and the audit log are the owner's alone (issue 19).
  ownerOnlySqlite([config.dataDir], path);
  const file = new SQLite(path);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  const database = withStatementCache(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  sqliteFiles.set(db, database);
  return db;
}


const sqliteFiles = new WeakMap<Kysely<Database>, SqliteDatabase>();

/** What the metrics read of a PostgreSQL pool at scrape time (pg's own counts). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pgPools = new WeakMap<Kysely<Database>, PoolCounts>();

/** The pool under a PostgreSQL connection, for its counts; undefined on SQLite, which has none. */
export const pgPool = (db: Kysely<Database>): PoolCounts | undefined => pgPools.get(db);

/**
 * The SQLite file under a connection (statements cached), for the one read on every request
 * that is worth running synchronously; undefined on PostgreSQL. A synchronous read can see a
 * Kysely transaction's writes before they commit, so keep it to rows no transaction writes.
 */
export const sqliteFile = (db: Kysely<Database>) => sqliteFiles.get(db);

// Kysely prepares every query afresh; preparing was the costliest step of the per-request
// user lookup. The console issues a small, fixed set of SQL texts, so each is prepared once.
// Safe because better-sqlite3 is synchronous and the console never streams a query (a
// statement mid-iteration would be busy); SQLite re-prepares by itself after a schema change.
const STATEMENTS_MAX = 500;
function withStatementCache(file: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => file.close(),
    prepare(text) {
      let stmt = statements.get(text);
      if (!stmt) {
        if (statements.size >= STATEMENTS_MAX) statements.clear();
        statements.set(text, (stmt = file.prepare(text)));
      }
      return stmt;
    },
  };
}

/**
 * Applies pending migrations. On PostgreSQL an advisory lock makes concurrent starts of
 * several instances take turns; SQLite has one writer by construction.
 */
export async function migrate(db: Kysely<Database>, postgres: boolean): Promise<void> {
  const run = async (conn: Kysely<Database>) => {
    const { error, results } = await new Migrator({ db: conn, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  };
  if (!postgres) return run(db);
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(727274)`.execute(conn);
    try {
      await run(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(727274)`.execute(conn);
    }
  });
}

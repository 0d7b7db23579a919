import 'server-only';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { ownerOnlySqlite } from '../../lib/node/owner-only-sqlite.ts';
import { join } from 'node:path';
import type { Database } from './schema.ts';
import { migrations } from './migrations.ts';
import { connectionFailure, postgresTarget } from './postgres-target.ts';
import { installPgBoss } from '../jobs/install-pg-boss.ts';
import type { SqlRunner } from '../jobs/pg-boss-queue.ts';

export interface DbConfig {
  databaseUrl?: string;
  dataDir: string;
  /** told when an idle PostgreSQL connection fails (a restart, a failover); the pool opens a new one */
  onConnectionError?(err: Error): void;
  /** PostgreSQL connections this process may hold at once (DATABASE_POOL_MAX); pg's own default, 10 */
  poolMax?: number;
}

const warnConnectionLost = (err: Error) =>
  console.warn(`database connection lost (${(err as Error & { code?: string }).code ?? err.name}); the pool opens a new one`);

/** Kysely over PostgreSQL when a URL is given, else embedded SQLite in the data directory. */
export async function connect(config: DbConfig): Promise<Kysely<Database>> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const { connectionString, ssl } = postgresTarget(config.databaseUrl);
    const pool = new pg.Pool({ connectionString, ssl, max: config.poolMax ?? 10, connectionTimeoutMillis: 5_000 }); // a silent database answers 503, never hangs
    // pg re-emits an idle connection's failure on the pool, and an 'error' event nobody hears
    // ends the process: a database restart must cost a reconnect, not the console.
    pool.on('error', config.onConnectionError ?? warnConnectionLost);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    postgresUrls.set(db, config.databaseUrl);
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

// What each connection was opened over, on globalThis as the connection itself is (db/index.ts):
// Next bundles instrumentation (whose background work opens the connection first) and each
// route apart, each with its own copy of this module, and every copy must find the pool.
const opened = globalThis as unknown as {
  signdeskDbFiles?: WeakMap<Kysely<Database>, SqliteDatabase>;
  signdeskDbUrls?: WeakMap<Kysely<Database>, string>;
  signdeskDbPools?: WeakMap<Kysely<Database>, PoolCounts & SqlRunner>;
};
const sqliteFiles = (opened.signdeskDbFiles ??= new WeakMap());
/** The DATABASE_URL each PostgreSQL connection was opened with, for start-up's messages. */
const postgresUrls = (opened.signdeskDbUrls ??= new WeakMap());

/** What the metrics read of a PostgreSQL pool at scrape time (pg's own counts). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pgPools = (opened.signdeskDbPools ??= new WeakMap());

/** The pool under a PostgreSQL connection, for its counts; undefined on SQLite, which has none. */
export const pgPool = (db: Kysely<Database>): (PoolCounts & SqlRunner) | undefined => pgPools.get(db);

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

/** SQL on one connection (the one holding the migrations' lock): a pool of one cannot lend a second. */
const onConnection = (conn: Kysely<Database>): SqlRunner => ({
  query: async (text, values = []) => ({ rows: (await conn.executeQuery(CompiledQuery.raw(text, values))).rows }),
});

const MIGRATE_AS_OWNER =
  '. This role may only read and write rows: run `npm run migrate` with the DATABASE_URL of the role that owns the database first (docs/running/deployment.md).';

/**
 * Applies pending migrations, all or none. On PostgreSQL an advisory lock makes concurrent
 * starts of several instances take turns; SQLite has one writer by construction.
 */
export async function migrate(db: Kysely<Database>, postgres: boolean): Promise<string[]> {
  const run = async (conn: Kysely<Database>) => {
    const { error, results } = await new Migrator({
      db: conn,
      provider: { getMigrations: async () => migrations },
    }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      // 42501 insufficient_privilege: a runtime role (deploy/postgres/setup.sql) meeting a pending migration.
      const denied = (error as { code?: unknown } | undefined)?.code === '42501';
      throw new Error(
        `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}${denied ? MIGRATE_AS_OWNER : ''}`,
      );
    }
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  // SQLite runs no migration in a transaction of its own (Kysely's SQLite adapter claims no
  // transactional DDL): every pending one runs in one here, so a start killed halfway through a
  // long backfill leaves the file as it was, not half migrated and unrecorded.
  if (!postgres)
    return db.connection().execute(async (conn) => {
      await sql`BEGIN IMMEDIATE`.execute(conn);
      try {
        const applied = await run(conn);
        await sql`COMMIT`.execute(conn);
        return applied;
      } catch (err) {
        await sql`ROLLBACK`.execute(conn).catch(() => undefined);
        throw err;
      }
    });
  let connected = false;
  try {
    return await db.connection().execute(async (conn) => {
      connected = true;
      await sql`SELECT pg_advisory_lock(727274)`.execute(conn);
      try {
        const applied = await run(conn);
        // The background work's queue (pg-boss) is part of the schema a release brings.
        const made = await installPgBoss(onConnection(conn)).catch((err: unknown) => {
          const denied = (err as { code?: unknown }).code === '42501';
          throw new Error(
            `Installing the background-work queue (pg-boss) failed: ${String(err)}${denied ? MIGRATE_AS_OWNER : ''}`,
          );
        });
        return [...applied, ...made.map((q) => `pg-boss queue ${q}`)];
      } finally {
        await sql`SELECT pg_advisory_unlock(727274)`.execute(conn);
      }
    });
  } catch (err) {
    // The first connection of a start: a refusal here is the URL's (host, TLS, role), so say which URL.
    const url = postgresUrls.get(db);
    if (connected || url === undefined) throw err;
    throw connectionFailure(err, url);
  }
}

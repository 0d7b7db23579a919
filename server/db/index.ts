import 'server-only';
import type { Kysely } from 'kysely';
import { env } from '../env';
import { logger } from '../logger';
import { connect, migrate } from './connect';
import type { Database } from './schema';

// One connection (pool) per process, migrated before first use. Kept on globalThis so
// Next's dev reloads reuse it instead of opening another. A failed first use is not kept: a
// process that met the database down connects again on the next request, not after a restart.
const holder = globalThis as unknown as { signdeskDb?: Promise<Kysely<Database>> };

export function db(): Promise<Kysely<Database>> {
  holder.signdeskDb ??= (async () => {
    const e = env();
    const conn = await connect({
      databaseUrl: e.DATABASE_URL,
      dataDir: e.CONSOLE_DATA_DIR,
      poolMax: e.DATABASE_POOL_MAX,
      onConnectionError: (err) => logger().warn({ code: (err as Error & { code?: string }).code ?? err.name }, 'database connection lost; the pool opens a new one'),
    });
    try {
      await migrate(conn, Boolean(e.DATABASE_URL));
    } catch (err) {
      await conn.destroy().catch(() => undefined);
      throw err;
    }
    return conn;
  })().catch((err: unknown) => {
    holder.signdeskDb = undefined;
    throw err;
  });
  return holder.signdeskDb;
}

export const isPostgres = () => Boolean(env().DATABASE_URL);
export type { Database };

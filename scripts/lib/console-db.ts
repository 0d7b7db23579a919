import { resolve } from 'node:path';
import { connect, migrate } from '../../server/db/connect.ts';

/** The console database as the running console would open it, migrated. */
export async function openConsoleDb() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const conn = await connect({ databaseUrl, dataDir: resolve(process.env.CONSOLE_DATA_DIR ?? '.data/console') });
  await migrate(conn, Boolean(databaseUrl));
  return conn;
}

import { resolve } from 'node:path';
import { connect, migrate } from '../../server/db/connect.ts';
import { describeDatabase } from './describe-database.ts';

/** The console database the running console would open, and how a command's output names it. */
export function consoleDbTarget() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.CONSOLE_DATA_DIR ?? '.data/console');
  return { databaseUrl, dataDir, label: describeDatabase(databaseUrl, dataDir) };
}

/** The console database as the running console would open it, migrated. */
export async function openConsoleDb() {
  const { databaseUrl, dataDir } = consoleDbTarget();
  const conn = await connect({ databaseUrl, dataDir });
  await migrate(conn, Boolean(databaseUrl));
  return conn;
}

import { join, resolve } from 'node:path';

/**
 * The console database a command works on, as its output names it: PostgreSQL by user, host,
 * port and database (never the password), or the SQLite file. So an operator sees at once
 * whether a command reached the database the server reads.
 */
export function describeDatabase(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `SQLite ${join(resolve(dataDir), 'console.db')}`;
  const url = new URL(databaseUrl);
  const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
  return `PostgreSQL ${user}${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * Folders 0700 and an SQLite database's files 0600, whatever the umask (issue 19), for the
 * console's and the sandbox's data alike. mkdir's mode neither changes an existing folder nor
 * escapes the umask, hence the chmod. SQLite gives -wal and -shm its database file's
 * permissions, so that file is made 0600 before SQLite opens it (an empty file is a new
 * database to SQLite); what an earlier version left readable is taken back.
 */
export function ownerOnlySqlite(dirs: readonly string[], dbPath: string): void {
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  closeSync(openSync(dbPath, 'a', 0o600));
  for (const path of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) {
    try {
      chmodSync(path, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

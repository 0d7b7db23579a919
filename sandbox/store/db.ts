import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { ownerOnlySqlite } from '../../lib/node/owner-only-sqlite.ts';
import { join } from 'node:path';

export type Db = Database.Database;

const MIGRATIONS: string[] = [
  `CREATE TABLE records (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     app_id TEXT,
     status TEXT,
     name TEXT,
     data TEXT NOT NULL,
     UNIQUE (kind, id)
   );
   CREATE INDEX records_kind_app ON records (kind, app_id, status);
   CREATE TABLE api_keys (
     key_hash TEXT PRIMARY KEY,
     app_id TEXT NOT NULL,
     scopes TEXT NOT NULL,
     requester_role TEXT NOT NULL,
     rate_limit_per_minute INTEGER NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE idempotency (
     app_id TEXT NOT NULL,
     key TEXT NOT NULL,
     operation TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     status INTEGER NOT NULL,
     headers TEXT NOT NULL,
     body BLOB NOT NULL,
     created_at INTEGER NOT NULL,
     PRIMARY KEY (app_id, key)
   );
   CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // Preview receipts stored before they had a status: the pruner looks for open ones by it.
  `UPDATE records
     SET status = CASE WHEN json_extract(data, '$.consumed') THEN 'sent' ELSE 'open' END,
         data = json_set(data, '$.status', CASE WHEN json_extract(data, '$.consumed') THEN 'sent' ELSE 'open' END)
   WHERE kind = 'preview' AND status IS NULL;`,
];

// Opens (or creates) the sandbox database. FULL synchronous mode: an acknowledged write is
// on disk before the answer leaves, so it survives kill -9.
export function openDb(dataDir: string, opts: { reset?: boolean } = {}): Db {
  if (opts.reset) rmSync(dataDir, { recursive: true, force: true });
  const path = join(dataDir, 'sandbox.db');
  // API keys (hashed), documents and their PDFs are the owner's alone (issue 19); PDFs are
  // written 0600 (files.ts).
  ownerOnlySqlite([dataDir, join(dataDir, 'files')], path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}

import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, migrate, sqliteFile } from '../db/connect';
import type { Database } from '../db/schema';
import type { User } from '../users/users';

// Home is read on every view by everyone: none of its queries may read a whole table, which
// grows with every user and every action (the audit log, the intent journal). Each query home
// makes is run against the migrated schema and its plan read back from SQLite.

const page = (rows: unknown[]) => Promise.resolve({ rows, total: rows.length });
const pkg = (id: string, status: string) => ({
  id,
  status,
  template_id: 'dst_nda',
  signers: [{ name: 'Ann', status: 'invited' }],
  created_at: '2026-01-01T00:00:00Z',
  completed_at: '2026-01-02T00:00:00Z',
});
vi.mock('./home-sources', () => {
  const sources = {
    packagesIn: (status: string) => page([pkg(`pkg_${status}`, status)]),
    requestsIn: () => page([]),
    recentRequests: () => page([]),
    recentDocuments: () => page([{ id: 'doc_1', name: 'NDA', layout_status: 'in_progress' }]),
  };
  return { ...sources, apiHomeSources: sources };
});

let dir: string;
let conn: Kysely<Database>;
const now = new Date();
const user: User = {
  id: 'usr_plans0001',
  email: 'plans@example.test',
  name: 'Plan Reader',
  roles: ['admin'],
  disabled: false,
  sessionVersion: 1,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  origin: 'local',
  lastSignInAt: null,
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'home-plans-unit-'));
  conn = await connect({ dataDir: dir });
  await migrate(conn, false);
  const at = new Date(now.getTime() - 60_000).toISOString();
  const entry = (operation: string, outcome: 'success' | 'failure', over: Partial<Record<string, string | null>> = {}) => ({
    at,
    user_id: user.id,
    user_email: user.email,
    roles: 'admin',
    operation,
    target_type: 'signature_package',
    target_id: 'pkg_1',
    outcome,
    status: outcome === 'success' ? 200 : 409,
    error_code: outcome === 'success' ? null : 'CONFLICT',
    upstream_request_id: null,
    idempotency_key: null,
    reason: null,
    details: null,
    client_address: '127.0.0.1',
    instance: 'test',
    ...over,
  });
  // A failure with a journaled key, and a later success by someone else on the same record:
  // home reads every table it can on the way to "went wrong".
  await conn
    .insertInto('audit_log')
    .values([
      entry('package.archive', 'failure', { idempotency_key: 'key-1' }),
      entry('package.archive', 'success', { user_id: 'usr_other0001', idempotency_key: 'key-2' }),
      entry('editor.open', 'success', { target_type: 'document', target_id: 'doc_1' }),
    ])
    .execute();
  await conn
    .insertInto('intent_journal')
    .values({
      id: 'int_1',
      user_id: user.id,
      operation: 'package.archive',
      idempotency_key: 'key-1',
      fingerprint: 'f',
      method: 'POST',
      path: '/api/packages/pkg_1/archive',
      body: null,
      state: 'unknown',
      status: null,
      result_id: null,
      error_code: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
});
afterAll(async () => {
  await conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** Every query home makes for one view (and the page's visit), as SQLite would run it, from the API's lists or the watcher's record. */
async function homeQueries(from: 'api' | 'watcher'): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const file = sqliteFile(conn)!;
  const watched = new Kysely<Database>({
    dialect: new SqliteDialect({ database: file }),
    log: (event) => void queries.push(event.query),
  });
  const { readHome } = await import('./read-home');
  const { lastLooked, noteHomeVisit } = await import('./home-visits');
  const { apiHomeSources } = await import('./home-sources');
  const { watchedHomeSources } = await import('./watched-sources');
  await noteHomeVisit(watched, user.id, now);
  const looked = (await lastLooked(watched, user.id)) ?? new Date(now.getTime() - 3_600_000).toISOString();
  const answer = await readHome({
    db: watched,
    user,
    apiNow: () => now,
    lastLooked: looked,
    sources: from === 'api' ? apiHomeSources : watchedHomeSources({ db: watched, since: looked, now }),
    asOf: from === 'api' ? null : now.toISOString(),
    settings: { expiringDays: 7, stuckHours: 24, reviewWarnMinutes: 5 },
  });
  // Each section read what it needed: an error would have cut its queries short.
  expect(answer.sections.filter((s) => s.error)).toEqual([]);
  return queries;
}

describe("home's queries", () => {
  it.each(['api', 'watcher'] as const)(
    'read no whole table: each finds its rows through an index (lists from the %s)',
    async (from) => {
      const file = sqliteFile(conn)!;
      const queries = await homeQueries(from);
      expect(queries.length).toBeGreaterThan(10);
      const scans: string[] = [];
      for (const q of queries) {
        if (!/^\s*select/i.test(q.sql)) continue;
        const plan = file.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(q.parameters) as { detail: string }[];
        for (const { detail } of plan) {
          // A whole table, or the whole history of the user in the audit log.
          if (/^SCAN (?!CONSTANT)/.test(detail) || /^SEARCH audit_log USING (?:COVERING )?INDEX \w+ \(user_id=\?\)$/.test(detail))
            scans.push(`${detail}  <-  ${q.sql}`);
        }
      }
      expect(scans).toEqual([]);
    },
  );
});

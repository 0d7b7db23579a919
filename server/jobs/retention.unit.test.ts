import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { pruneExpired } from './retention';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
let dir: string;
let db: Kysely<Database>;

const audit = (at: string, operation: string) => ({
  at,
  user_id: null,
  user_email: null,
  roles: null,
  operation,
  target_type: null,
  target_id: null,
  outcome: 'success' as const,
  status: 200,
  error_code: null,
  upstream_request_id: null,
  idempotency_key: null,
  reason: null,
  details: null,
  client_address: null,
  instance: 'test',
});
const intent = (id: string, state: 'succeeded' | 'failed' | 'unknown' | 'pending', updatedAt: string) => ({
  id,
  user_id: 'u1',
  operation: 'package.send',
  idempotency_key: `key-${id}`,
  fingerprint: 'f',
  method: 'POST',
  path: '/api/packages',
  body: null,
  state,
  status: null,
  result_id: null,
  error_code: null,
  created_at: updatedAt,
  updated_at: updatedAt,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-retention-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
});
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('pruneExpired', () => {
  it('deletes audit entries and settled intents past their days, and keeps every unknown or pending intent', async () => {
    await db
      .insertInto('audit_log')
      .values([audit(daysAgo(400), 'old'), audit(daysAgo(10), 'recent')])
      .execute();
    await db
      .insertInto('intent_journal')
      .values([
        intent('old-ok', 'succeeded', daysAgo(40)),
        intent('old-failed', 'failed', daysAgo(40)),
        intent('old-unknown', 'unknown', daysAgo(400)),
        intent('old-pending', 'pending', daysAgo(400)),
        intent('recent-ok', 'succeeded', daysAgo(5)),
      ])
      .execute();
    // 0 keeps everything.
    expect(await pruneExpired(db, { auditDays: 0, intentDays: 0 }, NOW)).toEqual({ audit: 0, intents: 0 });
    expect(await pruneExpired(db, { auditDays: 365, intentDays: 30 }, NOW)).toEqual({ audit: 1, intents: 2 });
    expect((await db.selectFrom('audit_log').select('operation').execute()).map((r) => r.operation)).toEqual(['recent']);
    expect((await db.selectFrom('intent_journal').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([
      'old-pending',
      'old-unknown',
      'recent-ok',
    ]);
    // Run again (another instance at the same time): nothing more to do.
    expect(await pruneExpired(db, { auditDays: 365, intentDays: 30 }, NOW)).toEqual({ audit: 0, intents: 0 });
  });
});

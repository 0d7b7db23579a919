import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { auditRow, intentRow } from '../../tests/support/console-rows';
import { pruneExpired } from './retention';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
let dir: string;
let db: Kysely<Database>;

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
      .values([auditRow(daysAgo(400), 'old'), auditRow(daysAgo(10), 'recent')])
      .execute();
    await db
      .insertInto('intent_journal')
      .values([
        intentRow('old-ok', 'succeeded', daysAgo(40)),
        intentRow('old-failed', 'failed', daysAgo(40)),
        intentRow('old-unknown', 'unknown', daysAgo(400)),
        intentRow('old-pending', 'pending', daysAgo(400)),
        intentRow('recent-ok', 'succeeded', daysAgo(5)),
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

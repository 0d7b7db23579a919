import 'server-only';
import { intentRow } from '../../tests/support/console-rows';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { reserveAttempt, throttleKey } from '../auth/throttle';
import { countBulkRowsByState, countIntentsByState, countThrottled } from './console-counts';

// The gauges read at scrape time, over a real (SQLite) database filled the way the console fills it.
let dir: string;
let conn: Kysely<Database>;
const NOW = Date.parse('2026-11-26T12:00:00Z');
const MINUTE = 60_000;

async function attempts(key: string, n: number, at = NOW) {
  for (let i = 0; i < n; i++) await reserveAttempt(conn, key, at);
}

const row = (position: number, state: string) => ({
  batch_id: 'blk_1',
  position,
  line: position + 2,
  input: '{}',
  state: state as 'sent',
  updated_at: '2026-11-26T12:00:00Z',
  change_seq: position,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-counts-'));
  conn = await connect({ dataDir: dir });
  await migrate(conn, false);
  await conn
    .insertInto('intent_journal')
    .values([intentRow('a', 'unknown'), intentRow('b', 'unknown'), intentRow('c', 'succeeded'), intentRow('d', 'pending')])
    .execute();
  await conn
    .insertInto('bulk_rows')
    .values([row(0, 'sent'), row(1, 'sent'), row(2, 'failed'), row(3, 'to_review')])
    .execute();
  await attempts(throttleKey('account', 'slowed@example.test'), 7); // past the 5 free
  await attempts(throttleKey('account', 'within@example.test'), 5);
  await attempts(throttleKey('account', 'long-ago@example.test'), 8, NOW - 20 * MINUTE);
  await attempts(throttleKey('address', '203.0.113.7'), 21); // past the 20 free
  await attempts(throttleKey('address', '203.0.113.8'), 20);
  await attempts(throttleKey('device', 'dev_1'), 6);
});

afterAll(async () => {
  await conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('console counts', () => {
  it('counts intents by state, every known state named even at 0', async () => {
    expect(await countIntentsByState(conn)).toEqual({ pending: 1, succeeded: 1, failed: 0, unknown: 2 });
  });

  it('counts bulk rows by state, every known state named even at 0', async () => {
    expect(await countBulkRowsByState(conn)).toEqual({ to_review: 1, reviewed: 0, sending: 0, sent: 2, failed: 1, cancelled: 0, skipped: 0 });
  });

  it('counts keys slowed or refused now, by kind, and none whose window has passed', async () => {
    expect(await countThrottled(conn, NOW)).toEqual({ account: 1, address: 1, device: 1 });
    expect(await countThrottled(conn, NOW + 16 * MINUTE)).toEqual({ account: 0, address: 0, device: 0 });
  });
});

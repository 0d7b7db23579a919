import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { liftThrottle, listThrottled } from './throttle-admin';
import { reserveAttempt, throttleKey } from './throttle';

// What an admin sees of sign-in throttling and what lifting it removes, over a real (SQLite)
// database filled the way sign-in fills it.
let dir: string;
let conn: Kysely<Database>;
const NOW = Date.parse('2026-11-26T12:00:00Z');
const MINUTE = 60_000;

/** `n` attempts on a key, at `at`. */
async function attempts(key: string, n: number, at = NOW) {
  for (let i = 0; i < n; i++) await reserveAttempt(conn, key, at);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'throttle-admin-'));
  conn = await connect({ dataDir: dir });
  await migrate(conn, false);
  await attempts(throttleKey('account', 'slowed@example.test'), 7);
  await attempts(throttleKey('account', 'within-allowance@example.test'), 5);
  await attempts(throttleKey('account', 'long-ago@example.test'), 8, NOW - 20 * MINUTE);
  await attempts(throttleKey('address', '203.0.113.7'), 30);
  // Keys of browsers an account does not know (another engineer's `untrusted:` rows): the same account.
  await conn
    .insertInto('sign_in_throttle')
    .values({ key: 'untrusted:both@example.test', attempts: 9, window_start: NOW - MINUTE, next_at: NOW + 4_000 })
    .execute();
  await conn
    .insertInto('sign_in_throttle')
    .values({ key: 'account:both@example.test', attempts: 6, window_start: NOW - 2 * MINUTE, next_at: NOW - 1_000 })
    .execute();
  // Its window is over, but its next slot is still ahead: the next attempt still waits.
  await conn
    .insertInto('sign_in_throttle')
    .values({ key: 'account:queued@example.test', attempts: 3, window_start: NOW - 16 * MINUTE, next_at: NOW + 20_000 })
    .execute();
});
afterAll(async () => {
  await conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('listThrottled', () => {
  it('lists the accounts past their allowance in this window, or whose next attempt must still wait; never addresses', async () => {
    const listed = await listThrottled(conn, NOW);
    expect(listed.map((t) => t.email)).toEqual(['both@example.test', 'queued@example.test', 'slowed@example.test']);
    const [both, queued, slowed] = listed;
    // The larger count of the account's rows; slowed until its window ends or its queue drains, whichever is later.
    expect(both).toEqual({ email: 'both@example.test', attempts: 9, until: new Date(NOW - MINUTE + 15 * MINUTE).toISOString() });
    expect(queued).toEqual({ email: 'queued@example.test', attempts: 3, until: new Date(NOW + 20_000).toISOString() });
    expect(slowed).toMatchObject({ email: 'slowed@example.test', attempts: 7, until: new Date(NOW + 15 * MINUTE).toISOString() });
  });

  it('lists nothing once every window has ended and every queue drained', async () => {
    expect(await listThrottled(conn, NOW + 30 * MINUTE)).toEqual([]);
  });
});

describe('liftThrottle', () => {
  it("deletes the account's rows of every kind, in any case of the address, and says how many", async () => {
    expect(await liftThrottle(conn, ' Both@Example.TEST ')).toBe(2);
    expect((await listThrottled(conn, NOW)).map((t) => t.email)).toEqual(['queued@example.test', 'slowed@example.test']);
    expect(await liftThrottle(conn, 'both@example.test')).toBe(0);
  });

  it('leaves addresses and other accounts alone', async () => {
    await liftThrottle(conn, 'slowed@example.test');
    const keys = (await conn.selectFrom('sign_in_throttle').select('key').orderBy('key').execute()).map((r) => r.key);
    expect(keys).toEqual([
      'account:long-ago@example.test',
      'account:queued@example.test',
      'account:within-allowance@example.test',
      'address:203.0.113.7',
    ]);
  });
});

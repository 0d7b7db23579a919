import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Insertable, Kysely } from 'kysely';
import { connect, migrate } from '../db/connect';
import type { BulkRowsTable, Database } from '../db/schema';
import { SqliteQueue } from '../jobs/sqlite-queue';
import { queueDueRows } from './due-rows';
import { rowJobKey } from './queued-sends';

// The sweep that queues rows the server owes a send, over a real SQLite database and the
// embedded queue (not running: what the sweep queued is read from the table).

const AT = '2026-11-28T12:00:00.000Z';
let dir: string;
let db: Kysely<Database>;
let queue: SqliteQueue;

const row = (position: number, r: Partial<Insertable<BulkRowsTable>>): Insertable<BulkRowsTable> => ({
  batch_id: 'blk_1',
  position,
  line: position + 2,
  input: '{}',
  state: 'reviewed',
  receipt_hash: null,
  reviewed_receipt_hash: null,
  pdf_sha256: null,
  review: null,
  reviewed_at: AT,
  send_key: null,
  package_id: null,
  error_code: null,
  error_message: null,
  sent_at: null,
  updated_at: AT,
  change_seq: 1,
  sealed_receipt: 'sealed',
  receipt_expires_at: null,
  ...r,
});

const queuedKeys = async () =>
  (
    await db
      .selectFrom('background_jobs')
      .select(['singleton_key', 'state'])
      .where('queue', '=', 'bulk-send-row')
      .where('state', '=', 'created')
      .execute()
  )
    .map((j) => j.singleton_key)
    .sort();

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-due-rows-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
  queue = new SqliteQueue(db, () => new Date(AT));
  await db
    .insertInto('bulk_batches')
    .values({
      id: 'blk_1',
      user_id: 'u1',
      template_id: 'dst_1',
      template_name: 'Contract',
      name: 'November',
      state: 'open',
      row_count: 5,
      create_key: 'k',
      create_fingerprint: 'f',
      created_at: AT,
      updated_at: AT,
      change_seq: 1,
      team_id: null,
    })
    .execute();
});
afterEach(async () => {
  await queue.stop(1_000);
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('queueDueRows', () => {
  it('queues confirmed rows and sends under way, but not a row whose job waits out its backoff or runs', async () => {
    await db
      .insertInto('bulk_rows')
      .values([
        row(0, {}), // confirmed, no job: due
        row(1, { state: 'sending', send_key: 'key-1' }), // under way, its job lost: due
        row(2, { state: 'sending', send_key: 'key-2' }), // under way, its job waiting to retry after a failure
        row(3, {}), // confirmed, its job running
        row(4, { state: 'to_review', sealed_receipt: null }), // not confirmed: not the server's
      ])
      .execute();
    const job = (id: string, position: number, state: 'retry' | 'active') => ({
      id,
      queue: 'bulk-send-row',
      data: JSON.stringify({ batch_id: 'blk_1', position }),
      state,
      singleton_key: rowJobKey('blk_1', position),
      singleton_slot: null,
      retries: 1,
      retry_limit: 30,
      start_after: '2026-11-28T12:05:00.000Z',
      created_at: AT,
      started_at: state === 'active' ? AT : null,
      finished_at: null,
      error: state === 'retry' ? 'The API did not answer' : null,
    });
    await db
      .insertInto('background_jobs')
      .values([job('j2', 2, 'retry'), job('j3', 3, 'active')])
      .execute();

    expect(await queueDueRows(db, undefined, queue)).toBe(2);
    expect(await queuedKeys()).toEqual([rowJobKey('blk_1', 0), rowJobKey('blk_1', 1)]);
    // Run again (the next sweep): nothing new, the queued ones are pending now.
    expect(await queueDueRows(db, undefined, queue)).toBe(0);
    expect(await queuedKeys()).toEqual([rowJobKey('blk_1', 0), rowJobKey('blk_1', 1)]);
  });

  it('leaves the confirmed rows of a paused batch alone, but still confirms its sends under way', async () => {
    await db.updateTable('bulk_batches').set({ state: 'paused' }).execute();
    await db
      .insertInto('bulk_rows')
      .values([row(0, {}), row(1, { state: 'sending', send_key: 'key-1' })])
      .execute();
    expect(await queueDueRows(db, 'blk_1', queue)).toBe(1);
    expect(await queuedKeys()).toEqual([rowJobKey('blk_1', 1)]);
  });
});

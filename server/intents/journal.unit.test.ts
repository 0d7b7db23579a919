import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { beginIntent, findIntent, openIntents, outcomeOf, settleIntent } from './journal.ts';

describe('outcomeOf', () => {
  it('settles a keyed call only on a definite answer', () => {
    expect(outcomeOf(201)).toBe('succeeded');
    expect(outcomeOf(422, 'VALIDATION_FAILED')).toBe('failed');
    expect(outcomeOf(409, 'PREVIEW_CONSUMED')).toBe('failed');
    for (const status of [0, 429, 500, 502, 503]) expect(outcomeOf(status)).toBe('unknown');
  });
  it('keeps a key the API is still working on unknown: the first call may yet succeed', () => {
    expect(outcomeOf(409, 'IDEMPOTENCY_IN_PROGRESS')).toBe('unknown');
  });
});

describe('a refusal before anything was done (UPLOAD_BUSY, the upload slots)', () => {
  it('settles as failed: the API answered, definitely, that it took nothing', () => {
    expect(outcomeOf(503, 'UPLOAD_BUSY')).toBe('failed');
    expect(outcomeOf(429, 'UPLOAD_BUSY')).toBe('failed');
    expect(outcomeOf(429, 'TOO_MANY_UPLOADS')).toBe('failed');
    expect(outcomeOf(503, 'UPLOAD_SLOTS_BUSY')).toBe('failed');
    // Any other 503 is still no answer.
    expect(outcomeOf(503, 'UPSTREAM_ERROR')).toBe('unknown');
  });
  it('leaves an earlier attempt whose answer was lost unknown: this refusal says nothing of it', () => {
    expect(outcomeOf(503, 'UPLOAD_BUSY', true)).toBe('unknown');
    // A definite answer about the key itself still settles it.
    expect(outcomeOf(422, 'VALIDATION_FAILED', true)).toBe('failed');
  });
});

describe('beginIntent and settleIntent', () => {
  const parent = mkdtempSync(join(tmpdir(), 'journal-unit-'));
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await connect({ dataDir: parent });
    await migrate(db, false);
  });
  afterAll(async () => {
    await db?.destroy();
    rmSync(parent, { recursive: true, force: true });
  });
  const start = (key: string) => ({
    userId: 'usr_1',
    operation: 'document.upload',
    key,
    method: 'POST',
    path: '/api/documents',
    params: undefined,
    body: undefined,
    replayable: false,
  });
  const stateOf = async (key: string) => (await findIntent(db, 'usr_1', key))?.state;

  it('journals a first attempt refused with UPLOAD_BUSY as failed, and keeps it out of the open intents', async () => {
    const intent = await beginIntent(db, start('busy-key-0001'));
    expect(intent.earlierUnknown).toBe(false);
    expect(
      await settleIntent(db, intent.id, { status: 503, errorCode: 'UPLOAD_BUSY', earlierUnknown: intent.earlierUnknown }),
    ).toBe('failed');
    expect(await stateOf('busy-key-0001')).toBe('failed');
    expect((await openIntents(db, 'usr_1')).map((i) => i.idempotency_key)).not.toContain('busy-key-0001');
    // Retried and refused again: still failed.
    const again = await beginIntent(db, start('busy-key-0001'));
    expect(again.earlierUnknown).toBe(false);
    expect(
      await settleIntent(db, again.id, { status: 503, errorCode: 'UPLOAD_BUSY', earlierUnknown: again.earlierUnknown }),
    ).toBe('failed');
  });

  it('keeps an intent unknown when a retry of a lost answer is refused as busy', async () => {
    const first = await beginIntent(db, start('lost-key-0001'));
    expect(await settleIntent(db, first.id, { status: 0 })).toBe('unknown');
    const retry = await beginIntent(db, start('lost-key-0001'));
    expect(retry.earlierUnknown).toBe(true);
    expect(
      await settleIntent(db, retry.id, { status: 503, errorCode: 'UPLOAD_BUSY', earlierUnknown: retry.earlierUnknown }),
    ).toBe('unknown');
    expect(await stateOf('lost-key-0001')).toBe('unknown');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectedCode, newIdemKey } from './harness.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

// Idempotency-Key on category creation (spec section 5 item 5, DESIGN.md section 3).

const sb = sandboxForFile();
let key: string;

beforeAll(async () => {
  key = await sb.newKey();
});

const create = (idempotencyKey: string | undefined, body: unknown, k = key) =>
  sb.call('POST', '/api/v1/categories', {
    key: k,
    body,
    ...(idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': idempotencyKey } }),
  });
const total = async (q?: string) =>
  (await sb.call('GET', `/api/v1/categories${q ? `?q=${encodeURIComponent(q)}` : ''}`, { key })).body.pagination.total as number;

describe('Idempotency-Key syntax', () => {
  it('answers 422 IDEMPOTENCY_KEY_MISSING without the header, and creates nothing', async () => {
    const before = await total();
    const error = expectError(await create(undefined, { name: 'No key' }), 422, 'IDEMPOTENCY_KEY_MISSING');
    expect(error.details?.[0]?.path).toBe('Idempotency-Key');
    expect(await total()).toBe(before);
  });

  it.each([
    ['7 characters', 'abcdefg'],
    ['a space', 'abc defgh'],
    ['161 characters', 'k'.repeat(161)],
    ['an empty value', ''],
  ])('answers 422 IDEMPOTENCY_KEY_INVALID for %s, and creates nothing', async (_label, value) => {
    const before = await total();
    expectError(await create(value, { name: `Bad key ${value.length}` }), 422, 'IDEMPOTENCY_KEY_INVALID');
    expect(await total()).toBe(before);
  });

  it('accepts 8 and 160 printable characters', async () => {
    expect((await create('abc!~{}8', { name: 'Eight char key' })).status).toBe(200);
    expect((await create('k'.repeat(160), { name: 'Long key' })).status).toBe(200);
  });
});

describe('replay and conflicts', () => {
  it('replays the first answer byte for byte and creates one category', async () => {
    const idem = newIdemKey();
    const first = await create(idem, { name: 'Replayed', description: 'once' });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create(idem, { name: 'Replayed', description: 'once' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.body.id).toBe(first.body.id);
    expect(await total('Replayed')).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    const idem = newIdemKey();
    expect((await create(idem, { name: 'Original body' })).status).toBe(200);
    expectError(await create(idem, { name: 'Different body' }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await create(idem, { name: 'Original body', description: 'now with one' }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await total('Different body')).toBe(0);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same key on another operation', async () => {
    const idem = newIdemKey();
    const created = await create(idem, { name: 'Then archived' });
    expect(created.status).toBe(200);
    const res = await sb.call('POST', `/api/v1/categories/${created.body.id}/archive`, {
      key,
      idempotencyKey: idem,
      body: { reason: 'x' },
    });
    expectError(res, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect((await sb.call('GET', `/api/v1/categories/${created.body.id}`, { key })).body.status).toBe('active');
  });

  it('keeps keys per app: another app may use the same key for its own request', async () => {
    const idem = newIdemKey();
    const mine = await create(idem, { name: 'Per app one' });
    const other = await sb.newKey();
    const theirs = await create(idem, { name: 'Per app two' }, other);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('does not store a validation failure: the corrected retry with the same key succeeds', async () => {
    const idem = newIdemKey();
    expectError(await create(idem, { name: 'X' }), 422, 'VALIDATION_FAILED');
    expectError(await create(idem, { name: 'Fixed later', colour: 'red' }), 422, 'VALIDATION_FAILED');
    const fixed = await create(idem, { name: 'Fixed later' });
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(await total('Fixed later')).toBe(1);
  });

  it('does not store a refusal for missing authority', async () => {
    const idem = newIdemKey();
    const member = await sb.newKey({ role: 'member', appId: 'app_idem_member' });
    expectError(await create(idem, { name: 'Member try' }, member), 403, 'REQUESTER_NOT_AUTHORIZED');
    expectError(await create(idem, { name: 'Member try' }, member), 403, 'REQUESTER_NOT_AUTHORIZED');
    expect(await total('Member try')).toBe(0);
  });

  it('creates exactly one category from 20 parallel requests with one key', async () => {
    const idem = newIdemKey();
    const before = await total();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => create(idem, { name: 'Raced', description: 'double click' })),
    );
    for (const r of replies) {
      expect([200, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.error.code).toBe(expectedCode('IDEMPOTENCY_IN_PROGRESS'));
    }
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    expect(await total()).toBe(before + 1);
    expect(await total('Raced')).toBe(1);
  });
});

describe('expiry', () => {
  // Last in this file: it moves the shared sandbox clock by a day.
  it('remembers a key for 24 hours and forgets it after', async () => {
    const idemA = newIdemKey();
    const idemB = newIdemKey();
    const first = await create(idemA, { name: 'Expiring key' });
    expect(first.status).toBe(200);
    expect((await create(idemB, { name: 'Expiring key B' })).status).toBe(200);

    await sb.control('/clock', { advance_seconds: 23 * 3600 });
    const replay = await create(idemA, { name: 'Expiring key' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.bytes.equals(first.bytes)).toBe(true);
    expectError(await create(idemB, { name: 'Expiring key B, next day' }), 409, 'IDEMPOTENCY_KEY_REUSED');

    await sb.control('/clock', { advance_seconds: 3600 + 1 });
    // No longer a replay: the same body is a new create, which the existing name refuses.
    const late = await create(idemA, { name: 'Expiring key' });
    expectError(late, 409, 'CATEGORY_NAME_TAKEN');
    expect(late.headers.get('idempotent-replayed')).toBeNull();
    // And the key is free for a different request.
    const fresh = await create(idemB, { name: 'Expiring key B, next day' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(await total('Expiring key')).toBe(3);
  });
});

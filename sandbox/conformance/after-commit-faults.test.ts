import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SUITE_DIALECT, expectError, newIdemKey, type Reply } from './harness.ts';
import { makePreview, sendPreview } from './package-fixtures.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

// Fault rules with `after_commit` (DESIGN.md section 4): the operation runs and commits, its
// reply is stored against the Idempotency-Key, and only then does the client get an injected
// error or a dropped connection. That is the outcome the console's intent journal calls
// unknown; replaying the same key must answer the original reply, and the write must exist once.

const sb = sandboxForFile();
let key: string;

beforeAll(async () => {
  key = await sb.newKey();
});
afterEach(async () => {
  await sb.control('/faults', { rules: [] });
});

const CATEGORIES = '/api/v1/categories';
const createCategory = (idempotencyKey: string, body: unknown) => sb.call('POST', CATEGORIES, { key, body, idempotencyKey });
const categoriesNamed = async (name: string) =>
  (await sb.call('GET', `${CATEGORIES}?q=${encodeURIComponent(name)}`, { key })).body.data.filter(
    (c: { name: string }) => c.name === name,
  ) as { id: string; name: string }[];
/** The reply the handler produced and stored, which the client never saw. */
const storedReply = (idempotencyKey: string) =>
  sb.sandbox.services.db
    .prepare<[string], { status: number; body: Buffer }>('SELECT status, body FROM idempotency WHERE key = ?')
    .get(idempotencyKey);
/** The reply stored under the key is the one replayed: byte for byte, or as the alternate dialect says it. */
function expectReplayOfStored(idempotencyKey: string, replay: Reply) {
  const stored = storedReply(idempotencyKey);
  expect(stored?.status).toBe(replay.status);
  if (SUITE_DIALECT === 'standard') expect(stored?.body).toEqual(replay.bytes);
  else expect(JSON.parse(stored!.body.toString('utf8'))).toEqual(replay.body);
}
const activeRules = async () =>
  (await sb.call('GET', '/__sandbox/faults', { headers: { 'x-sandbox-control': sb.controlToken }, env: false })).body
    .rules as Record<string, unknown>[];

describe('after_commit with an injected status', () => {
  it('commits the category, answers the injected 503 late, and replays the original 200 under the same key', async () => {
    // No `times`: the rule stays armed, and the replay still passes, since a replay commits nothing.
    await sb.control('/faults', {
      rules: [
        {
          method: 'POST',
          path: CATEGORIES,
          status: 503,
          code: 'UPSTREAM_BUSY',
          retry_after: 3,
          latency_ms: 200,
          after_commit: true,
        },
      ],
    });
    const idem = newIdemKey();
    const body = { name: 'Committed then failed', description: 'after_commit' };
    const started = Date.now();
    const failed = await createCategory(idem, body);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expectError(failed, 503, 'UPSTREAM_BUSY');
    expect(failed.headers.get('retry-after')).toBe('3');
    expect(failed.headers.get('idempotent-replayed')).toBeNull();

    const [only, ...others] = await categoriesNamed(body.name);
    expect(others).toHaveLength(0);
    expect(only).toBeDefined();

    const replay = await createCategory(idem, body);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expectReplayOfStored(idem, replay);
    expect(replay.body).toMatchObject({ id: only!.id, name: body.name, description: body.description, status: 'active' });
    const read = await sb.call('GET', `${CATEGORIES}/${only!.id}`, { key });
    // The create answer adds a few flags to the record a read shows.
    expect(replay.body).toMatchObject(read.body);
    expect(await categoriesNamed(body.name)).toHaveLength(1);
    expect(await activeRules()).toHaveLength(1);
  });
});

describe('after_commit with drop', () => {
  it('sends the package, closes the connection without an answer, and replays the 201 package', async () => {
    const preview = await makePreview(sb, key);
    await sb.control('/faults', {
      rules: [{ method: 'POST', path: '/api/v1/signature-packages', after_commit: true, drop: true, times: 1 }],
    });
    const idem = newIdemKey();
    // Not a single byte of an answer: fetch fails on the closed socket.
    await expect(sendPreview(sb, key, preview, idem)).rejects.toMatchObject({ cause: { code: 'UND_ERR_SOCKET' } });
    expect(await activeRules()).toHaveLength(0);

    const replay = await sendPreview(sb, key, preview, idem);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expectReplayOfStored(idem, replay);
    expect(replay.body).toMatchObject({ template_id: 'dst_nda', invitation_status: 'queued' });

    const list = await sb.call('GET', '/api/v1/signature-packages', { key });
    expect(list.status).toBe(200);
    const sent = (list.body.data as { id: string; template_id: string }[]).filter((p) => p.template_id === 'dst_nda');
    expect(sent.map((p) => p.id)).toEqual([replay.body.id]);
  });
});

describe('what after_commit does not touch', () => {
  it('lets a 4xx answer through unchanged and leaves a counted rule unspent', async () => {
    await sb.control('/faults', {
      rules: [{ method: 'POST', path: CATEGORIES, status: 500, code: 'LOST_ANSWER', after_commit: true, times: 1 }],
    });
    expectError(await createCategory(newIdemKey(), { description: 'no name' }), 422, 'VALIDATION_FAILED');
    expect((await activeRules())[0]).toMatchObject({ after_commit: true, remaining: 1 });

    const taken = { name: 'Taken once' };
    await sb.control('/faults', { rules: [] });
    expect((await createCategory(newIdemKey(), taken)).status).toBe(200);
    await sb.control('/faults', {
      rules: [{ method: 'POST', path: CATEGORIES, status: 500, code: 'LOST_ANSWER', after_commit: true, times: 1 }],
    });
    expectError(await createCategory(newIdemKey(), taken), 409, 'CATEGORY_NAME_TAKEN');
    expect((await activeRules())[0]).toMatchObject({ remaining: 1 });
  });

  it('fires a counted rule `times` times, then answers normally', async () => {
    await sb.control('/faults', {
      rules: [{ method: 'POST', path: CATEGORIES, status: 500, code: 'LOST_ANSWER', after_commit: true, times: 2 }],
    });
    expectError(await createCategory(newIdemKey(), { name: 'Counted one' }), 500, 'LOST_ANSWER');
    expect((await activeRules())[0]).toMatchObject({ remaining: 1 });
    expectError(await createCategory(newIdemKey(), { name: 'Counted two' }), 500, 'LOST_ANSWER');
    expect(await activeRules()).toHaveLength(0);
    const third = await createCategory(newIdemKey(), { name: 'Counted three' });
    expect(third.status).toBe(200);
    for (const name of ['Counted one', 'Counted two', 'Counted three']) expect(await categoriesNamed(name)).toHaveLength(1);
  });

  it('still fires a rule without after_commit before the handler, so nothing is committed', async () => {
    await sb.control('/faults', {
      rules: [
        { method: 'POST', path: CATEGORIES, status: 503, code: 'BEFORE', times: 1 },
        { method: 'POST', path: CATEGORIES, status: 500, code: 'AFTER', after_commit: true, times: 1 },
      ],
    });
    const idem = newIdemKey();
    const body = { name: 'Refused before' };
    expectError(await createCategory(idem, body), 503, 'BEFORE');
    expect(await categoriesNamed(body.name)).toHaveLength(0);
    expect(await activeRules()).toMatchObject([{ code: 'AFTER', remaining: 1 }]);

    // Nothing was stored for the key, so the retry runs the operation for the first time.
    expectError(await createCategory(idem, body), 500, 'AFTER');
    expect(await categoriesNamed(body.name)).toHaveLength(1);
    const replay = await createCategory(idem, body);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('the control route', () => {
  it('lists after_commit and drop on every rule', async () => {
    const set = await sb.control('/faults', {
      rules: [
        { method: 'GET', path: '/api/v1/nothing', status: 503 },
        { method: 'POST', path: '/api/v1/nothing', after_commit: true, drop: true },
      ],
    });
    expect(set.status).toBe(200);
    expect(await activeRules()).toMatchObject([
      { path: '/api/v1/nothing', method: 'GET', after_commit: false, drop: false },
      { path: '/api/v1/nothing', method: 'POST', after_commit: true, drop: true },
    ]);
  });

  it.each([
    ['after_commit of the wrong type', { path: '/x', status: 503, after_commit: 'yes' }],
    ['drop of the wrong type', { path: '/x', after_commit: true, drop: 1 }],
    ['drop without after_commit', { path: '/x', drop: true }],
    ['drop together with a status', { path: '/x', status: 503, after_commit: true, drop: true }],
  ])('refuses %s with 422 and keeps the rules it had', async (_label, rule) => {
    await sb.control('/faults', { rules: [{ path: '/api/v1/kept', status: 503 }] });
    expectError(await sb.control('/faults', { rules: [rule] }), 422, 'VALIDATION_FAILED');
    expect(await activeRules()).toMatchObject([{ path: '/api/v1/kept' }]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../keys.ts';
import { createLogger } from '../logger.ts';
import { startSandbox } from '../server.ts';
import { expectError, newIdemKey, startTestSandbox, type CallOptions, type Reply, type TestSandbox } from './harness.ts';
import { layoutField, makePdf, sha256, uploadPdf } from './fixtures.ts';

// Page 1 US Letter, page 2 A4, page 3 landscape Letter: off-page checks must use each page's size.
const PAGES: [number, number][] = [
  [612, 792],
  [595.28, 841.89],
  [792, 612],
];

let sb: TestSandbox;
let key: string;
let pdf: Buffer;
/** every session id handed out in this file: none may appear in any later answer */
const secrets: string[] = [];

beforeAll(async () => {
  sb = await startTestSandbox();
  key = await sb.newKey();
  pdf = await makePdf(3, { sizes: PAGES });
});
afterAll(async () => sb?.close());

function assertNoSecret(reply: Reply) {
  const text = reply.bytes.toString('latin1');
  for (const secret of secrets) {
    expect(text.includes(secret), 'session id leaked in a body').toBe(false);
    for (const [name, value] of reply.headers) expect(value.includes(secret), `session id leaked in header ${name}`).toBe(false);
  }
}

async function newDocument(file: Buffer = pdf): Promise<string> {
  const res = await uploadPdf(sb, key, file);
  expect(res.status).toBe(200);
  return res.body.id as string;
}

async function openSession(documentId: string, body?: unknown, k = key): Promise<Reply> {
  const res = await sb.call('POST', `/api/v1/documents/${documentId}/session`, { key: k, body });
  if (res.status === 200) secrets.push(res.body.session_id);
  return res;
}

async function editor(method: string, sessionId: string, sub: string, opts: CallOptions = {}): Promise<Reply> {
  const res = await sb.call(method, `/api/v1/hosted-editor/${sessionId}/${sub}`, { env: false, ...opts });
  assertNoSecret(res);
  return res;
}

type KeyPlace = 'header' | 'body' | 'none';
function command(sessionId: string, body: Record<string, unknown>, place: KeyPlace = 'header', idem = newIdemKey()) {
  if (place === 'body') return editor('POST', sessionId, 'commands', { body: { ...body, idempotencyKey: idem } });
  return editor('POST', sessionId, 'commands', { body, idempotencyKey: place === 'header' ? idem : undefined });
}

async function versionOf(sessionId: string): Promise<number> {
  return (await editor('GET', sessionId, 'commands')).body.version;
}

describe('POST /documents/{id}/session', () => {
  it('opens a one-hour session and returns its secret id once, uncacheable', async () => {
    const documentId = await newDocument();
    const clock = () => sb.call('GET', '/__sandbox/clock', { headers: { 'x-sandbox-control': sb.controlToken }, env: false });
    const before = Date.parse((await clock()).body.now);
    const res = await openSession(documentId);
    const after = Date.parse((await clock()).body.now);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ document_id: documentId, purpose: null, layout_version: 0 });
    expect(res.body.session_id).toMatch(/^hes_[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(res.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 3600_000);
    expect(expires).toBeLessThanOrEqual(after + 3600_000);
  });

  it('keeps only a hash of the session id', async () => {
    const res = await openSession(await newDocument(), {});
    const { records, db } = sb.sandbox.services;
    expect(records.get('editor_session', hashSecret(res.body.session_id))).toMatchObject({ document_id: res.body.document_id });
    const rows = db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM records WHERE instr(data, ?) > 0')
      .get(res.body.session_id);
    expect(rows?.n).toBe(0);
  });

  it('takes an optional purpose of 3-120 characters and nothing else', async () => {
    const documentId = await newDocument();
    for (const purpose of ['abc', 'p'.repeat(120)]) {
      const res = await openSession(documentId, { purpose });
      expect(res.status).toBe(200);
      expect(res.body.purpose).toBe(purpose);
    }
    for (const body of [
      { purpose: 'ab' },
      { purpose: 'p'.repeat(121) },
      { purpose: 42 },
      { purpose: 'fine purpose', mode: 'x' },
      ['abc'],
    ]) {
      const error = expectError(await openSession(documentId, body), 422, 'VALIDATION_FAILED');
      expect(error.details?.length).toBeGreaterThan(0);
    }
  });

  it('is not idempotent: each call opens a distinct working session, and no key is needed', async () => {
    const documentId = await newDocument();
    const a = await openSession(documentId);
    const b = await openSession(documentId);
    expect(a.body.session_id).not.toBe(b.body.session_id);
    expect((await editor('GET', a.body.session_id, 'commands')).status).toBe(200);
    expect((await editor('GET', b.body.session_id, 'commands')).status).toBe(200);
  });

  it('needs documents:write and an existing document of the app', async () => {
    const documentId = await newDocument();
    const reader = await sb.newKey({ scopes: ['documents:read'] });
    expectError(await openSession(documentId, undefined, reader), 403, 'INSUFFICIENT_SCOPE');
    expectError(await openSession('doc_doesnotexist0000000000'), 404, 'NOT_FOUND');
  });
});

describe('reading through the session', () => {
  it('GET commands returns layout, version, purpose, expiry, status and the real page sizes', async () => {
    const documentId = await newDocument();
    const session = await openSession(documentId, { purpose: 'Place signature fields' });
    const res = await editor('GET', session.body.session_id, 'commands');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      document_id: documentId,
      layout: { fields: [] },
      version: 0,
      purpose: 'Place signature fields',
      expires_at: session.body.expires_at,
      status: 'draft',
      page_count: 3,
    });
    expect(res.body.page_sizes).toEqual(
      PAGES.map(([width, height]) => ({ width: expect.closeTo(width, 3), height: expect.closeTo(height, 3) })),
    );
  });

  it('GET document returns the private PDF, byte for byte', async () => {
    const session = await openSession(await newDocument());
    const res = await editor('GET', session.body.session_id, 'document');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Number(res.headers.get('content-length'))).toBe(pdf.length);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(sha256(res.bytes)).toBe(sha256(pdf));
  });

  it('measures rotated pages as shown: a page rotated 90° is landscape', async () => {
    const session = await openSession(await newDocument(await makePdf(1, { size: [612, 792], rotate: 90 })));
    const sid = session.body.session_id;
    expect((await editor('GET', sid, 'commands')).body.page_sizes).toEqual([{ width: 792, height: 612 }]);
    expect(
      (
        await command(sid, {
          type: 'SAVE_LAYOUT',
          expectedVersion: 0,
          layout: { fields: [layoutField({ x: 700, width: 80, y: 10, height: 20 })] },
        })
      ).status,
    ).toBe(200);
    const error = expectError(
      await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: 1, layout: { fields: [layoutField({ y: 600, height: 40 })] } }),
      400,
      'INVALID_LAYOUT',
    );
    expect(error.details?.[0]?.path).toBe('fields.0.height');
  });
});

describe('POST commands: SAVE_LAYOUT and versions', () => {
  let sid: string;
  let documentId: string;
  beforeAll(async () => {
    documentId = await newDocument();
    sid = (await openSession(documentId)).body.session_id;
  });

  it('saves a layout with fields on every page, flush with the page edges, and bumps the version', async () => {
    const layout = {
      fields: [
        layoutField({ id: 'sig_1' }),
        layoutField({ id: 'date_1', type: 'date', page: 2, x: 595.28 - 100, y: 841.89 - 20, width: 100, height: 20, required: false }),
        layoutField({ id: 'init_1', type: 'initials', page: 3, x: 0, y: 0, width: 792, height: 612, slot_id: 'signer_2' }),
        layoutField({ id: 'text_1', type: 'text', page: 1, slot_id: 'signer_2' }),
        layoutField({ id: 'check_1', type: 'checkbox', page: 2, width: 12, height: 12 }),
      ],
    };
    const res = await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: 0, layout });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 1, layout, status: 'draft' });
    const read = await editor('GET', sid, 'commands');
    expect(read.body).toMatchObject({ version: 1, layout, status: 'draft' });
    const doc = await sb.call('GET', `/api/v1/documents/${documentId}`, { key });
    expect(doc.body).toMatchObject({ layout_version: 1, layout_status: 'draft', layout });
  });

  it('answers a stale expectedVersion with 409 VERSION_CONFLICT and the current version; a re-read then succeeds', async () => {
    // Save once first, so there is an older version to be stale against.
    expect(
      (await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: await versionOf(sid), layout: { fields: [layoutField()] } })).status,
    ).toBe(200);
    const current = await versionOf(sid);
    const stale = await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: current - 1, layout: { fields: [layoutField()] } });
    const error = expectError(stale, 409, 'VERSION_CONFLICT');
    expect(error.message).toMatch(/read .*again/i);
    expect(error.details?.[0]).toMatchObject({
      path: 'expectedVersion',
      current_version: current,
      expected_version: current - 1,
    });
    expectError(
      await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: current + 5, layout: { fields: [layoutField()] } }),
      409,
      'VERSION_CONFLICT',
    );
    const reread = await versionOf(sid);
    expect(reread).toBe(current);
    const retry = await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: reread, layout: { fields: [layoutField()] } });
    expect(retry.status).toBe(200);
    expect(retry.body.version).toBe(current + 1);
  });

  it('accepts 500 fields', async () => {
    const fields = Array.from({ length: 500 }, (_, i) =>
      layoutField({ id: `f${i}`, page: (i % 3) + 1, x: (i % 20) * 20, y: Math.floor(i / 20) * 20, width: 15, height: 15 }),
    );
    const res = await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: await versionOf(sid), layout: { fields } });
    expect(res.status).toBe(200);
    expect(res.body.layout.fields).toHaveLength(500);
  });

  const invalid: [string, unknown, { path: string; field_id?: string; message?: RegExp }][] = [
    ['an unknown field type', { fields: [layoutField({ type: 'stamp' })] }, { path: 'fields.0.type', field_id: 'sig_1' }],
    ['page 0', { fields: [layoutField({ page: 0 })] }, { path: 'fields.0.page', field_id: 'sig_1' }],
    ['a page past the last one', { fields: [layoutField({ page: 4 })] }, { path: 'fields.0.page', message: /does not exist/ }],
    ['a fractional page', { fields: [layoutField({ page: 1.5 })] }, { path: 'fields.0.page' }],
    ['zero width', { fields: [layoutField({ width: 0 })] }, { path: 'fields.0.width', message: /greater than 0/ }],
    ['negative height', { fields: [layoutField({ height: -5 })] }, { path: 'fields.0.height', message: /greater than 0/ }],
    ['a negative x', { fields: [layoutField({ x: -1 })] }, { path: 'fields.0.x' }],
    ['a negative y', { fields: [layoutField({ y: -0.5 })] }, { path: 'fields.0.y' }],
    // 500 + 100 fits a Letter page (612) but not the A4 page 2 (595.28)
    [
      'past the right edge of the A4 page',
      { fields: [layoutField({ page: 2, x: 500, width: 100 })] },
      { path: 'fields.0.width', message: /right edge of page 2/ },
    ],
    // A field that starts past the edge is named by its position, not its size.
    ['starting past the right edge', { fields: [layoutField({ page: 2, x: 900, width: 100 })] }, { path: 'fields.0.x', message: /starts at x = 900, beyond the right edge of page 2/ }],
    ['starting past the top edge', { fields: [layoutField({ page: 3, y: 700, height: 20 })] }, { path: 'fields.0.y', message: /starts at y = 700, beyond the top edge of page 3/ }],
    // 600 + 50 fits a portrait page (792) but not the landscape page 3 (612)
    [
      'past the top edge of the landscape page',
      { fields: [layoutField({ page: 3, y: 600, height: 50 })] },
      { path: 'fields.0.height', message: /top edge of page 3/ },
    ],
    [
      'a duplicate field id',
      { fields: [layoutField({ id: 'a' }), layoutField({ id: 'a', page: 2 })] },
      { path: 'fields.1.id', field_id: 'a', message: /duplicate/ },
    ],
    [
      'a missing slot_id',
      { fields: [Object.fromEntries(Object.entries(layoutField()).filter(([k]) => k !== 'slot_id'))] },
      { path: 'fields.0.slot_id', field_id: 'sig_1', message: /required/ },
    ],
    ['an empty slot_id', { fields: [layoutField({ slot_id: '' })] }, { path: 'fields.0.slot_id' }],
    ['a string coordinate', { fields: [layoutField({ x: '72' })] }, { path: 'fields.0.x' }],
    ['an unknown field property', { fields: [layoutField({ colour: 'red' })] }, { path: 'fields.0', message: /colour/ }],
    ['a field that is not an object', { fields: ['sig_1'] }, { path: 'fields.0' }],
    ['501 fields', { fields: Array.from({ length: 501 }, (_, i) => layoutField({ id: `f${i}` })) }, { path: 'fields', message: /500/ }],
    ['a layout without fields', {}, { path: 'fields' }],
    ['a layout that is an array', [], { path: 'layout' }],
    ['a layout with an extra property', { fields: [], grid: 10 }, { path: 'layout', message: /grid/ }],
  ];
  for (const [name, layout, expected] of invalid) {
    it(`answers 400 INVALID_LAYOUT for ${name}, naming the field`, async () => {
      const version = await versionOf(sid);
      const error = expectError(
        await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: version, layout }),
        400,
        'INVALID_LAYOUT',
      );
      const detail = error.details?.find((d) => d.path === expected.path) as Record<string, unknown> | undefined;
      expect(detail, JSON.stringify(error.details)).toBeDefined();
      if (expected.field_id) expect(detail?.field_id).toBe(expected.field_id);
      if (expected.message) expect(detail?.message).toMatch(expected.message);
      expect(await versionOf(sid)).toBe(version);
    });
  }

  it('reports every offending field at once and only those', async () => {
    const layout = {
      fields: [
        layoutField({ id: 'ok_1' }),
        layoutField({ id: 'wide', width: 0 }),
        layoutField({ id: 'ok_2', page: 2 }),
        layoutField({ id: 'lost', page: 9 }),
      ],
    };
    const error = expectError(
      await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: await versionOf(sid), layout }),
      400,
      'INVALID_LAYOUT',
    );
    expect(error.details?.map((d) => [d.path, (d as Record<string, unknown>).field_id])).toEqual([
      ['fields.1.width', 'wide'],
      ['fields.3.page', 'lost'],
    ]);
    expect(error.message).toContain('fields.1.width');
  });

  it('validates the command itself with 422', async () => {
    const version = await versionOf(sid);
    const bodies = [
      { type: 'SAVE_LAYOUT', expectedVersion: version },
      { type: 'PUBLISH', expectedVersion: version, layout: { fields: [] } },
      { type: 'SAVE_LAYOUT', expectedVersion: -1, layout: { fields: [] } },
      { type: 'SAVE_LAYOUT', expectedVersion: 1.5, layout: { fields: [] } },
      { type: 'SAVE_LAYOUT', expectedVersion: String(version), layout: { fields: [] } },
      { type: 'SAVE_LAYOUT', layout: { fields: [] } },
      { type: 'SAVE_LAYOUT', expectedVersion: version, layout: { fields: [] }, force: true },
    ];
    for (const body of bodies) expectError(await command(sid, body), 422, 'VALIDATION_FAILED');
    expect(await versionOf(sid)).toBe(version);
  });
});

describe('POST commands: idempotency key in the header or the body', () => {
  let sid: string;
  beforeAll(async () => {
    sid = (await openSession(await newDocument())).body.session_id;
  });
  const save = (version: number, id = 'sig_1') => ({
    type: 'SAVE_LAYOUT',
    expectedVersion: version,
    layout: { fields: [layoutField({ id })] },
  });

  it('requires a key, and a well-formed one', async () => {
    expectError(await command(sid, save(0), 'none'), 422, 'IDEMPOTENCY_KEY_MISSING');
    expectError(await command(sid, save(0), 'body', 'has space'), 422, 'IDEMPOTENCY_KEY_INVALID');
    expectError(await command(sid, save(0), 'header', 'short'), 422, 'IDEMPOTENCY_KEY_INVALID');
    expect(await versionOf(sid)).toBe(0);
  });

  for (const place of ['header', 'body'] as const) {
    it(`replays a command whose key is in the ${place} instead of applying it twice`, async () => {
      const version = await versionOf(sid);
      const idem = newIdemKey();
      const first = await command(sid, save(version), place, idem);
      expect(first.status).toBe(200);
      const again = await command(sid, save(version), place, idem);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.bytes.equals(first.bytes)).toBe(true);
      expect(await versionOf(sid)).toBe(version + 1);
    });
  }

  it('treats the same key in the body and then in the header as one request', async () => {
    const version = await versionOf(sid);
    const idem = newIdemKey();
    expect((await command(sid, save(version), 'body', idem)).status).toBe(200);
    const again = await command(sid, save(version), 'header', idem);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await versionOf(sid)).toBe(version + 1);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same key with a different command', async () => {
    const version = await versionOf(sid);
    const idem = newIdemKey();
    expect((await command(sid, save(version), 'header', idem)).status).toBe(200);
    expectError(await command(sid, save(version + 1, 'other'), 'header', idem), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await versionOf(sid)).toBe(version + 1);
  });
});

describe('POST commands: COMPLETE', () => {
  it('completes with a given layout, after which every command is 409 LAYOUT_COMPLETED', async () => {
    const documentId = await newDocument();
    const sid = (await openSession(documentId)).body.session_id;
    const layout = { fields: [layoutField()] };
    const done = await command(sid, { type: 'COMPLETE', expectedVersion: 0, layout });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ version: 1, layout, status: 'completed' });
    expect((await editor('GET', sid, 'commands')).body).toMatchObject({ status: 'completed', version: 1, layout });
    expect((await sb.call('GET', `/api/v1/documents/${documentId}`, { key })).body.layout_status).toBe('completed');

    expectError(await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: 1, layout }), 409, 'LAYOUT_COMPLETED');
    expectError(await command(sid, { type: 'COMPLETE', expectedVersion: 1 }), 409, 'LAYOUT_COMPLETED');
    const other = (await openSession(documentId)).body.session_id;
    expectError(await command(other, { type: 'SAVE_LAYOUT', expectedVersion: 1, layout }), 409, 'LAYOUT_COMPLETED');
    expect((await editor('GET', other, 'document')).status).toBe(200);
    expect(await versionOf(sid)).toBe(1);
  });

  it('completes the saved layout when no layout is given', async () => {
    const sid = (await openSession(await newDocument())).body.session_id;
    const layout = { fields: [layoutField(), layoutField({ id: 'date_1', type: 'date', y: 20, height: 20 })] };
    expect((await command(sid, { type: 'SAVE_LAYOUT', expectedVersion: 0, layout })).status).toBe(200);
    const done = await command(sid, { type: 'COMPLETE', expectedVersion: 1 });
    expect(done.body).toMatchObject({ version: 2, layout, status: 'completed' });
  });

  it('refuses to complete an empty layout or an invalid one, and checks the version first', async () => {
    const sid = (await openSession(await newDocument())).body.session_id;
    expectError(await command(sid, { type: 'COMPLETE', expectedVersion: 0 }), 400, 'INVALID_LAYOUT');
    expectError(
      await command(sid, { type: 'COMPLETE', expectedVersion: 0, layout: { fields: [layoutField({ page: 7 })] } }),
      400,
      'INVALID_LAYOUT',
    );
    expectError(
      await command(sid, { type: 'COMPLETE', expectedVersion: 3, layout: { fields: [layoutField({ page: 7 })] } }),
      409,
      'VERSION_CONFLICT',
    );
    expect((await editor('GET', sid, 'commands')).body).toMatchObject({ version: 0, status: 'draft' });
  });
});

describe('session credentials', () => {
  const routes = [
    ['GET', 'commands'],
    ['GET', 'document'],
    ['POST', 'commands'],
  ] as const;
  const callAll = (sid: string) =>
    Promise.all(
      routes.map(([method, sub]) =>
        editor(
          method,
          sid,
          sub,
          method === 'POST' ? { body: { type: 'COMPLETE', expectedVersion: 0 }, idempotencyKey: newIdemKey() } : {},
        ),
      ),
    );

  it('answers unknown and garbled session ids with 401 on all three routes', async () => {
    const garbled = [
      `hes_${randomBytes(32).toString('base64url')}`,
      'hes_short',
      `xyz_${randomBytes(32).toString('base64url')}`,
      `hes_${randomBytes(32).toString('base64url')}x`,
      'not-a-session',
      '%20%20',
    ];
    secrets.push(...garbled.filter((g) => g.length > 12));
    for (const sid of garbled) {
      for (const res of await callAll(sid)) expectError(res, 401, 'EDITOR_SESSION_INVALID');
    }
  });

  it('keeps the session id out of every error: other routes, methods and query parameters under the session path', async () => {
    const sid = (await openSession(await newDocument())).body.session_id;
    expectError(await editor('GET', sid, 'commands?debug=1'), 422, 'VALIDATION_FAILED');
    expectError(await editor('GET', sid, 'nothing-here'), 404, 'ROUTE_NOT_FOUND');
    expectError(await editor('DELETE', sid, 'commands'), 405, 'METHOD_NOT_ALLOWED');
    expectError(
      await editor('POST', sid, 'commands', {
        rawBody: '{not json',
        headers: { 'content-type': 'application/json' },
        idempotencyKey: newIdemKey(),
      }),
      400,
      'MALFORMED_JSON',
    );
  });

  it('answers 404 on all three routes once the document is deleted', async () => {
    const documentId = await newDocument();
    const sid = (await openSession(documentId)).body.session_id;
    const deleted = await sb.call('DELETE', `/api/v1/documents/${documentId}`, {
      key,
      body: { reason: 'replaced by v2' },
      idempotencyKey: newIdemKey(),
    });
    expect(deleted.status).toBe(200);
    for (const res of await callAll(sid)) expectError(res, 404, 'NOT_FOUND');
  });
});

describe('session expiry (own sandbox: the clock moves)', () => {
  let own: TestSandbox;
  beforeAll(async () => {
    own = await startTestSandbox();
  });
  afterAll(async () => own?.close());

  it('accepts a session until one hour has passed, then answers 401 EDITOR_SESSION_EXPIRED on all three routes', async () => {
    const k = await own.newKey();
    const documentId = (await uploadPdf(own, k, pdf)).body.id as string;
    const sid = (await own.call('POST', `/api/v1/documents/${documentId}/session`, { key: k })).body.session_id as string;
    secrets.push(sid);
    const call = async (method: string, sub: string) => {
      const opts: CallOptions =
        method === 'POST'
          ? { body: { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [layoutField()] } }, idempotencyKey: newIdemKey() }
          : {};
      const res = await own.call(method, `/api/v1/hosted-editor/${sid}/${sub}`, opts);
      assertNoSecret(res);
      return res;
    };
    await own.control('/clock', { advance_seconds: 3590 });
    expect((await call('GET', 'commands')).status).toBe(200);
    expect((await call('GET', 'document')).status).toBe(200);
    await own.control('/clock', { advance_seconds: 10 });
    for (const [method, sub] of [
      ['GET', 'commands'],
      ['GET', 'document'],
      ['POST', 'commands'],
    ]) {
      const error = expectError(await call(method!, sub!), 401, 'EDITOR_SESSION_EXPIRED');
      expect(error.message).toMatch(/expired/);
    }
    expect(await own.call('GET', `/api/v1/documents/${documentId}`, { key: k })).toMatchObject({ status: 200 });
    expect((await own.call('POST', `/api/v1/documents/${documentId}/session`, { key: k })).status).toBe(200);
  });
});

describe('logs', () => {
  it('never write a session id, even for failing editor requests', async () => {
    const lines: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-log-'));
    const controlToken = `ctl-${randomBytes(8).toString('hex')}`;
    const logged = await startSandbox({
      dataDir,
      controlToken,
      defaultRateLimitPerMinute: 0,
      logger: createLogger('debug', { write: (s: string) => void lines.push(s) }),
    });
    try {
      const call = async (method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) => {
        const res = await fetch(`${logged.url}${path}`, { method, ...init });
        return { status: res.status, text: await res.text() };
      };
      const keyRes = await call('POST', '/__sandbox/keys', {
        headers: { 'x-sandbox-control': controlToken, 'content-type': 'application/json' },
        body: JSON.stringify({ app_id: 'app_logs', scopes: ['documents:read', 'documents:write'] }),
      });
      const apiKey = JSON.parse(keyRes.text).api_key as string;
      const auth = { authorization: `Bearer ${apiKey}`, 'x-service-environment': 'sandbox' };
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'contract.pdf');
      const up = await call('POST', '/api/v1/documents', { headers: { ...auth, 'idempotency-key': newIdemKey() }, body: form });
      expect(up.status).toBe(200);
      const documentId = JSON.parse(up.text).id as string;
      const session = await call('POST', `/api/v1/documents/${documentId}/session`, { headers: auth });
      const sid = JSON.parse(session.text).session_id as string;
      const json = { 'content-type': 'application/json', 'idempotency-key': newIdemKey() };
      expect((await call('GET', `/api/v1/hosted-editor/${sid}/commands`)).status).toBe(200);
      expect((await call('GET', `/api/v1/hosted-editor/${sid}/document`)).status).toBe(200);
      expect(
        (
          await call('POST', `/api/v1/hosted-editor/${sid}/commands`, {
            headers: json,
            body: JSON.stringify({ type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [layoutField({ page: 9 })] } }),
          })
        ).status,
      ).toBe(400);
      expect((await call('GET', `/api/v1/hosted-editor/${sid}/elsewhere`)).status).toBe(404);
      expect((await call('GET', `/api/v1/hosted-editor/${sid}x/commands`)).status).toBe(401);
      const log = lines.join('');
      expect(lines.filter((l) => l.includes('hosted-editor')).length).toBeGreaterThanOrEqual(5);
      expect(log).not.toContain(sid);
      expect(log).not.toContain(sid.slice(4, 24));
      expect(log).toContain('/api/v1/hosted-editor/[redacted]/commands');
    } finally {
      await logged.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

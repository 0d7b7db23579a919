import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Idempotency } from '../idempotency.ts';
import { allRoutes } from '../routes/index.ts';
import type { RouteDef } from '../http/context.ts';
import { accessBody, reviewerAction, submitRequest } from './approval-fixtures.ts';
import { makePdf, postMultipart, storedState, uploadPdf } from './fixtures.ts';
import { bodyOf, expectError, expectedCode, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';
import { makePreview, ndaBody, packageAction, sendPreview } from './package-fixtures.ts';

// Bodies are bytes before they are JSON: invalid UTF-8 (stray bytes, overlong forms, UTF-8
// encoded surrogates) is a 400, never text with U+FFFD in it; nesting deeper than the
// sandbox's limit is a 400, never a 500 or a stack overflow; a chunked body is counted as it
// arrives (413). Every route that reads a JSON body is taken from the route table, so a new
// route is covered without touching this file.

let sb: TestSandbox;
let key: string;
const live = { category: '', document: '', session: '', openPackage: '', closedPackage: '', request: '', previewToken: '' };

beforeAll(async () => {
  sb = await startTestSandbox();
  key = await sb.newKey();
  live.category = (
    await sb.call('POST', '/api/v1/categories', { key, idempotencyKey: newIdemKey(), body: { name: 'Robust JSON' } })
  ).body.id;
  live.document = (await uploadPdf(sb, key, await makePdf(1))).body.id;
  const session = await sb.call('POST', `/api/v1/documents/${live.document}/session`, { key, body: { purpose: 'Robust JSON' } });
  live.session = session.body.session_id;
  const preview = await makePreview(sb, key);
  live.previewToken = preview.preview_token;
  live.openPackage = (await sendPreview(sb, key, await makePreview(sb, key))).body.id;
  live.closedPackage = (await sendPreview(sb, key, await makePreview(sb, key))).body.id;
  await packageAction(sb, live.closedPackage, { action: 'expire' });
  live.request = (await submitRequest(sb, key, accessBody())).body.id;
  await reviewerAction(sb, live.request, { action: 'request_revision', requirements: [{ message: 'Say more' }] });
}, 60_000);
afterAll(async () => sb?.close());

/** Everything a request could change: rows, replies, keys, settings, files, faults, mode. */
function state(): string {
  const { db, files, faults, uploads } = sb.sandbox.services;
  const all = (sql: string) => db.prepare(sql).all();
  const rows = JSON.stringify([
    all('SELECT kind, id, app_id, status, data FROM records ORDER BY seq'),
    all('SELECT app_id, key, operation, status, body FROM idempotency ORDER BY app_id, key'),
    all('SELECT key_hash, app_id FROM api_keys ORDER BY key_hash'),
    all('SELECT key, value FROM meta ORDER BY key'),
    files.list().filter((f) => !f.startsWith('.tmp')),
    faults.list(),
    uploads.capacity,
    sb.sandbox.services.isProduction(),
  ]);
  return createHash('sha256').update(rows).digest('hex');
}

/** Where a route's path parameters point: at live items, so an accepted body would change something. */
function pathOf(route: RouteDef): string {
  const byResource: Record<string, string> = {
    categories: live.category,
    'approval-workflows': 'wf_leave',
    'request-forms': 'rf_leave',
    documents: live.document,
    'signature-packages': live.closedPackage,
    'approval-requests': live.request,
  };
  return route.path
    .replace(/\/\*$/, '/x')
    .replace(/([^/]+)\/:id/, (_m, resource: string) => `${resource}/${encodeURIComponent(byResource[resource] ?? 'x')}`)
    .replace(':sessionId', live.session);
}

// `\u0000BAD` marks where the bad bytes go; each body is otherwise one the route would accept.
const MARK = 'BAD\u0000BAD';
const VALID_BODIES: Record<string, () => unknown> = {
  'categories.create': () => ({ name: `Robust ${MARK}` }),
  'categories.archive': () => ({ reason: `Robust ${MARK}` }),
  'approval-workflows.archive': () => ({ reason: `Robust ${MARK}` }),
  'request-forms.archive': () => ({ reason: `Robust ${MARK}` }),
  'documents.delete': () => ({ reason: `Robust reason ${MARK}` }),
  'hosted-editor.create-session': () => ({ purpose: `Robust ${MARK}` }),
  'hosted-editor.command': () => ({
    type: 'SAVE_LAYOUT',
    expectedVersion: 0,
    layout: {
      fields: [
        { id: `f${MARK}`, type: 'signature', page: 1, x: 50, y: 50, width: 120, height: 30, slot_id: 'signer', required: true },
      ],
    },
  }),
  'packages.preview': () =>
    ndaBody({ sender_values: { counterparty_name: `Globex ${MARK}`, effective_date: '2026-11-01', governing_law: 'England' } }),
  'packages.preview.document': () => ({ template_id: 'dst_nda', preview_token: live.previewToken, note: MARK }),
  'packages.send': () => ({ template_id: 'dst_nda', preview_token: live.previewToken, confirmed: true, note: MARK }),
  'packages.archive': () => ({ reason: `Robust reason ${MARK}` }),
  'approval-requests.create': () => accessBody({ form_data: { ...accessBody().form_data, justification: `Robust ${MARK}` } }),
  'approval-requests.revision-draft': () => ({
    expected_version: 2,
    expected_task_version: 1,
    form_data: { justification: `Robust ${MARK}` },
  }),
  'approval-requests.resubmit': () => ({
    expected_version: 2,
    expected_task_version: 1,
    form_data: { ...accessBody().form_data, justification: `Robust ${MARK}` },
  }),
  'guest.auth': () => ({ action: 'request_otp', email: 'ada@example.com', requestId: `${live.openPackage}${MARK}` }),
  'control.keys': () => ({ app_id: 'app_robust', scopes: ['catalog:read'], note: MARK }),
  'control.clock': () => ({ advance_seconds: 60, note: MARK }),
  'control.faults': () => ({ rules: [{ path: `/api/v1/${MARK}`, status: 503 }] }),
  'control.mode': () => ({ production: true, note: MARK }),
  'control.config': () => ({ upload_capacity: 1, note: MARK }),
  'control.reset': () => ({ note: MARK }),
  'control.approval-requests.actions': () => ({ action: 'request_revision', requirements: [{ message: `Robust ${MARK}` }] }),
  'control.packages.actions': () => ({ action: 'decline', signer_slot_id: 'company_signer', reason: `Robust ${MARK}` }),
  'control.approval-workflows.releases': () => ({
    schema: { type: 'object', title: `Robust ${MARK}`, properties: { note: { type: 'string', title: 'Note' } } },
  }),
  'control.documents.sign-template': () => ({ name: `Robust ${MARK}` }),
};

const bodyFor = (route: RouteDef, bad: Buffer): Buffer => {
  const text = JSON.stringify(VALID_BODIES[route.id]?.() ?? { name: `Robust ${MARK}`, reason: `Robust reason ${MARK}` });
  const [head, ...rest] = text.split(JSON.stringify(MARK).slice(1, -1));
  return Buffer.concat([Buffer.from(head!), ...rest.flatMap((part) => [bad, Buffer.from(part)])]);
};

const jsonRoutes = () => allRoutes(sb.sandbox.services).filter((r) => r.body === 'json');

interface Raw {
  status: number;
  body: { error?: { code: string; message: string } } | null;
}

/** node:http, to send exact bytes, and chunked bodies without a Content-Length. */
function send(route: RouteDef, body: Buffer, opts: { chunked?: boolean } = {}): Promise<Raw> {
  const { hostname, port } = new URL(sb.url);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': newIdemKey() };
  if (route.auth === 'key') Object.assign(headers, { authorization: `Bearer ${key}`, 'x-service-environment': 'sandbox' });
  if (route.auth === 'control') headers['x-sandbox-control'] = sb.controlToken;
  // Framing is explicit: for DELETE Node's client would otherwise send the body unframed.
  if (opts.chunked) headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] = String(body.length);
  const method = route.method === '*' ? 'POST' : route.method;
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path: pathOf(route), headers });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          body: bodyOf(res.statusCode ?? 0, res.headers['content-type'], text, route.auth === 'control'),
        });
      });
    });
    // The server may stop reading an oversized body and answer before it was all sent.
    req.on('error', (err) => (req.writableFinished ? undefined : reject(err)));
    if (!opts.chunked) return void req.end(body);
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
    req.end();
  });
}

const BAD_BYTES: [string, Buffer][] = [
  ['stray bytes FF FE', Buffer.from([0xff, 0xfe])],
  ['a lone continuation byte', Buffer.from([0x80])],
  ['a truncated sequence', Buffer.from([0xe2, 0x82])],
  ['an overlong "/" (C0 AF)', Buffer.from([0xc0, 0xaf])],
  ['an overlong "." (E0 80 AE)', Buffer.from([0xe0, 0x80, 0xae])],
  ['a UTF-8 encoded high surrogate (ED A0 80)', Buffer.from([0xed, 0xa0, 0x80])],
  ['a UTF-8 encoded surrogate pair (ED A0 BD ED B8 80)', Buffer.from([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80])],
  ['a code point above U+10FFFF (F4 90 80 80)', Buffer.from([0xf4, 0x90, 0x80, 0x80])],
];

async function everyRoute(
  label: string,
  make: (route: RouteDef) => Buffer,
  [expected, code]: [number, string],
  opts: { chunked?: boolean } = {},
) {
  const before = state();
  const problems: string[] = [];
  const routes = jsonRoutes();
  for (const route of routes) {
    const reply = await send(route, make(route), opts);
    const where = `${route.method} ${route.path} (${label})`;
    if (reply.status !== expected || reply.body?.error?.code !== (route.auth === 'control' ? code : expectedCode(code)))
      problems.push(`${where}: ${reply.status} ${reply.body?.error?.code ?? ''}`);
    else if (typeof reply.body?.error?.message !== 'string')
      problems.push(`${where}: no error shape`);
  }
  expect(routes.length).toBeGreaterThan(15);
  expect(problems).toEqual([]);
  expect(state()).toBe(before);
}

describe('invalid UTF-8 on every route that reads JSON', () => {
  it('the valid bodies are valid: with plain text in place of the bad bytes, some routes would change state', async () => {
    // A guard for the test itself: if the bodies were refused anyway, the checks below would prove nothing.
    const create = jsonRoutes().find((r) => r.id === 'categories.create')!;
    const before = state();
    expect((await send(create, bodyFor(create, Buffer.from('ok')))).status).toBe(200);
    expect(state()).not.toBe(before);
  });

  it.each(BAD_BYTES)('refuses %s with 400 MALFORMED_JSON and changes nothing', async (label, bad) => {
    await everyRoute(label, (route) => bodyFor(route, bad), [400, 'MALFORMED_JSON']);
  });

  it('never stores U+FFFD for them, and names the problem', async () => {
    const create = jsonRoutes().find((r) => r.id === 'categories.create')!;
    const reply = await send(create, bodyFor(create, Buffer.from([0xff])));
    expect(reply.body?.error?.code).toBe(expectedCode('MALFORMED_JSON'));
    expect(reply.body?.error?.message).toMatch(/UTF-8/);
    const names = sb.sandbox.services.records.all<{ name: string }>('category').map((c) => c.name);
    expect(names.filter((n) => n.includes('\uFFFD'))).toEqual([]);
  });

  it('refuses a \\uD800 escape that leaves a lone surrogate, which storage would turn into U+FFFD', async () => {
    const escapes = ['\\ud800', '\\udfff', '\\ud800x', '\\udc00\\ud800'];
    for (const escape of escapes) {
      await everyRoute(escape, (route) => bodyFor(route, Buffer.from(escape)), [400, 'MALFORMED_JSON']);
    }
  });

  it('accepts valid multi-byte UTF-8 and a correctly escaped surrogate pair, and keeps them exactly', async () => {
    const create = jsonRoutes().find((r) => r.id === 'categories.create')!;
    const name = 'Zürich ✓ 𝄞 日本';
    const reply = await send(create, Buffer.from(JSON.stringify({ name }), 'utf8'));
    expect(reply.status).toBe(200);
    const escaped = await send(create, Buffer.from('{"name":"Clef \\ud834\\udd1e"}'));
    expect(escaped.status).toBe(200);
    const names = sb.sandbox.services.records.all<{ name: string }>('category').map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([name, 'Clef 𝄞']));
  });
});

describe('nesting depth', () => {
  const DEPTH = 10_000;
  it.each([
    ['an array', '['.repeat(DEPTH) + ']'.repeat(DEPTH)],
    ['an object', '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)],
    ['a field', `{"name":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)},"reason":"x"}`],
    ['a mix of arrays and objects', '[{"a":'.repeat(DEPTH / 2) + 'null' + '}]'.repeat(DEPTH / 2)],
  ])(
    `refuses %s nested ${DEPTH} deep with 400 JSON_TOO_DEEP on every route, never 500, and changes nothing`,
    async (label, text) => {
      await everyRoute(label, () => Buffer.from(text), [400, 'JSON_TOO_DEEP']);
    },
  );

  it('accepts the limit and refuses one more, brackets inside strings not counted', async () => {
    const create = jsonRoutes().find((r) => r.id === 'categories.create')!;
    const nest = (n: number) => `{"name":"Deep ${n} [[[{{{","x":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    // At the limit the body parses and is refused by the schema (unknown field x): 422, not 400.
    const limit = await send(create, Buffer.from(nest(64)));
    expect(limit.status).toBe(422);
    expect(limit.body?.error?.code).toBe(expectedCode('VALIDATION_FAILED'));
    const over = await send(create, Buffer.from(nest(65)));
    expect(over.status).toBe(400);
    expect(over.body?.error?.code).toBe(expectedCode('JSON_TOO_DEEP'));
  });
});

describe('size', () => {
  it('refuses a chunked body over 1 MiB with 413 on every route, counting bytes as they arrive', async () => {
    const big = (route: RouteDef) => bodyFor(route, Buffer.from('x'.repeat(1024 * 1024 + 1)));
    await everyRoute('chunked, 1 MiB + 1', big, [413, 'PAYLOAD_TOO_LARGE'], { chunked: true });
  });
});

describe('the idempotency fingerprint', () => {
  it('never throws, whatever it is given', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep };
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const odd = [
      10n,
      Symbol('s'),
      () => 1,
      undefined,
      NaN,
      -0,
      Infinity,
      new Date(0),
      new Map([[1, 2]]),
      Buffer.from('x'),
      Object.create(null),
    ];
    for (const value of [
      deep,
      cyclic,
      odd,
      '\ud800',
      {
        toJSON: () => {
          throw new Error('boom');
        },
      },
    ]) {
      expect(Idempotency.fingerprint('op', value)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('is what it always was for JSON values, so replies stored before still replay', () => {
    const samples: unknown[][] = [
      ['categories.create', {}, { name: 'Zürich', description: '' }],
      [
        'hosted-editor.command',
        { sessionId: 'hes_x' },
        { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [1.5, -0, null, true, 'a"b\\c\n'] } },
      ],
      ['documents.upload', 'ab'.repeat(32), 'ATTACHMENT', 'contract.pdf'],
      ['x', [], [[]], {}, { a: { b: [{ c: null }] } }, 1e21, 5e-324],
    ];
    for (const parts of samples) {
      expect(Idempotency.fingerprint(...parts)).toBe(createHash('sha256').update(JSON.stringify(parts)).digest('hex'));
    }
  });

  it('tells different inputs apart', () => {
    const seen = new Set(
      [[{ a: 1 }], [{ a: '1' }], [[1]], ['[1]'], [{ a: [1, 2] }], [{ a: [2, 1] }], [null], [undefined], [10n], ['10']].map((p) =>
        Idempotency.fingerprint(...p),
      ),
    );
    expect(seen.size).toBe(9); // null and undefined are both null in JSON, as before
  });
});

describe('multipart uploads', () => {
  const uploadWith = async (parts: Buffer[]) => {
    const boundary = 'robustBoundary1234';
    const body = Buffer.concat([
      ...parts.flatMap((p) => [Buffer.from(`--${boundary}\r\n`), p, Buffer.from('\r\n')]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return postMultipart(sb, key, body, `multipart/form-data; boundary=${boundary}`);
  };
  const filePart = async (filename: Buffer) =>
    Buffer.concat([
      Buffer.from('Content-Disposition: form-data; name="file"; filename="'),
      filename,
      Buffer.from('"\r\nContent-Type: application/pdf\r\n\r\n'),
      await makePdf(1),
    ]);
  const fieldPart = (value: Buffer) =>
    Buffer.concat([Buffer.from('Content-Disposition: form-data; name="logicalPurpose"\r\n\r\n'), value]);

  it.each(BAD_BYTES)('refuses a file name with %s, and keeps nothing', async (_label, bad) => {
    const before = storedState(sb);
    const reply = await uploadWith([await filePart(Buffer.concat([Buffer.from('contract '), bad, Buffer.from('.pdf')]))]);
    expectError(reply, 400, 'MALFORMED_MULTIPART');
    expect(storedState(sb)).toEqual(before);
  });

  it('refuses a text field with invalid UTF-8 as malformed, not as an unknown value', async () => {
    const before = storedState(sb);
    const reply = await uploadWith([fieldPart(Buffer.from([0x41, 0xff])), await filePart(Buffer.from('contract.pdf'))]);
    expectError(reply, 400, 'MALFORMED_MULTIPART');
    expect(storedState(sb)).toEqual(before);
  });

  it('keeps a valid UTF-8 file name exactly', async () => {
    const name = 'Vertrag Zürich ✓ 日本.pdf';
    const reply = await uploadWith([fieldPart(Buffer.from('SIGNATURE_TARGET')), await filePart(Buffer.from(name, 'utf8'))]);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name, logical_purpose: 'SIGNATURE_TARGET' });
  });
});

import 'server-only';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NO_RETRY } from './retry';

// The client over a scripted HTTP server: what reaches the wire, how answers, errors and
// transport failures come back, and which of them are retried. Route suites cover the real
// Signing API; this covers what a spec-faithful sandbox never does (slow bodies, HTML errors).

type Script = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const scripts = new Map<string, Script>();
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let client: typeof import('./client');
let callContext: typeof import('./call-context').callContext;

const FAST_RETRY = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 5, budgetMs: 2_000 };

const okSchema = z.looseObject({ ok: z.literal(true) });

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const script = scripts.get(new URL(req.url!, 'http://x').pathname.replace('/api/v1', ''));
      if (script) script(req, res, body);
      else json(res, 404, { error: { code: 'NOT_FOUND', message: 'No such route.' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(process.env, {
    SIGNING_API_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    SIGNING_API_KEY: 'sk_test_client_unit_key',
    SESSION_PASSWORD: 'client-unit-test-session-password-0123456789',
    SIGNING_API_TIMEOUT_MS: '1000',
    LOG_LEVEL: 'silent',
  });
  client = await import('./client');
  callContext = (await import('./call-context')).callContext;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  scripts.clear();
  seen.length = 0;
});

describe('signing api client', () => {
  it('sends the key, the environment, a request id, the query and the JSON body, and parses the answer', async () => {
    scripts.set('/things', (_req, res) => json(res, 201, { ok: true, extra: 'kept' }, { 'x-request-id': 'up_1' }));
    const call = { upstreamRequestId: null as string | null };
    const result = await callContext.run(call, () =>
      client.callJson({ method: 'POST', path: '/things', query: { size: 25, q: '', status: undefined }, json: { name: 'A' }, idempotencyKey: 'idem-12345678' }, okSchema),
    );
    expect(result).toEqual({ data: { ok: true, extra: 'kept' }, status: 201, requestId: 'up_1' });
    expect(call.upstreamRequestId).toBe('up_1');
    const [req] = seen;
    expect(req!.url).toBe('/api/v1/things?size=25');
    expect(req!.headers).toMatchObject({
      authorization: 'Bearer sk_test_client_unit_key',
      'x-service-environment': 'sandbox',
      'idempotency-key': 'idem-12345678',
      'content-type': 'application/json',
    });
    expect(req!.headers['x-request-id']).toMatch(/^con_[0-9a-f]{16}$/);
    expect(JSON.parse(req!.body)).toEqual({ name: 'A' });
  });

  it('leaves the key off hosted-editor calls', async () => {
    scripts.set('/hosted-editor/s/x', (_req, res) => json(res, 200, { ok: true }));
    await client.callJson({ method: 'GET', path: '/hosted-editor/s/x', bearer: false }, okSchema);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('turns an error answer into a typed error with code, details, Retry-After and request id', async () => {
    scripts.set('/bad', (_req, res) =>
      json(res, 422, { error: { code: 'VALIDATION_FAILED', message: 'Name is required.', details: [{ path: 'name', message: 'required' }] } }, { 'x-request-id': 'up_2', 'retry-after': '3' }),
    );
    const err = await client.callJson({ method: 'POST', path: '/bad', json: {} }, okSchema).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Name is required.', details: [{ path: 'name', message: 'required' }], retryAfterMs: 3000, requestId: 'up_2' });
  });

  it('does not pass on an error body it cannot read', async () => {
    scripts.set('/html', (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway at internal-host-7</html>');
    });
    const err = await client.callJson({ method: 'POST', path: '/html', json: {} }, okSchema).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: 'UPSTREAM_ERROR', message: 'The Signing API answered 502.' });
  });

  it('reads a problem+json or plain-text error as well as the envelope', async () => {
    scripts.set('/problem', (_req, res) => {
      // The API's clock is years behind ours: the wait is read against its Date, not our clock.
      res.writeHead(422, { 'content-type': 'application/problem+json', date: 'Wed, 21 Oct 2015 07:28:00 GMT', 'retry-after': 'Wed, 21 Oct 2015 07:28:03 GMT' });
      res.end(JSON.stringify({ type: 'https://h/problems/invalid-input', title: 'Invalid', detail: 'Name is too long.', errors: [{ pointer: '/name', detail: 'too long' }] }));
    });
    const problem = await client.callJson({ method: 'POST', path: '/problem', json: {} }, okSchema).catch((e: unknown) => e);
    expect(problem).toMatchObject({ status: 422, code: 'INVALID_INPUT', message: 'Name is too long.', details: [{ path: 'name', message: 'too long' }] });
    expect((problem as { retryAfterMs: number }).retryAfterMs).toBe(3000);

    scripts.set('/plain', (_req, res) => {
      res.writeHead(409, { 'content-type': 'text/plain' });
      res.end('Version conflict');
    });
    const plain = await client.callJson({ method: 'POST', path: '/plain', json: {} }, okSchema).catch((e: unknown) => e);
    expect(plain).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Version conflict', details: [] });
  });

  it('refuses a success answer of the wrong shape', async () => {
    scripts.set('/odd', (_req, res) => json(res, 200, { ok: 'maybe' }));
    const err = await client.callJson({ method: 'GET', path: '/odd' }, okSchema).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: 'UPSTREAM_INVALID_RESPONSE' });
  });

  it('retries a GET on 503 with the same request, and gives up after the last attempt', async () => {
    let n = 0;
    scripts.set('/flaky', (_req, res) => (++n < 3 ? json(res, 503, { error: { code: 'BUSY', message: 'Busy.' } }) : json(res, 200, { ok: true })));
    await expect(client.callJson({ method: 'GET', path: '/flaky', retry: FAST_RETRY }, okSchema)).resolves.toMatchObject({ status: 200 });
    expect(seen.map((s) => s.url)).toEqual(['/api/v1/flaky', '/api/v1/flaky', '/api/v1/flaky']);

    seen.length = 0;
    scripts.set('/down', (_req, res) => json(res, 503, { error: { code: 'BUSY', message: 'Busy.' } }));
    await expect(client.callJson({ method: 'GET', path: '/down', retry: FAST_RETRY }, okSchema)).rejects.toMatchObject({ status: 503, code: 'BUSY' });
    expect(seen).toHaveLength(3);
  });

  it('retries a mutation only with an Idempotency-Key, sending the same key again', async () => {
    scripts.set('/make', (_req, res) => json(res, 503, { error: { code: 'BUSY', message: 'Busy.' } }));
    await expect(client.callJson({ method: 'POST', path: '/make', json: {}, retry: FAST_RETRY }, okSchema)).rejects.toMatchObject({ code: 'BUSY' });
    expect(seen).toHaveLength(1);

    seen.length = 0;
    await expect(client.callJson({ method: 'POST', path: '/make', json: {}, idempotencyKey: 'idem-abcdefgh', retry: FAST_RETRY }, okSchema)).rejects.toMatchObject({ code: 'BUSY' });
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['idem-abcdefgh', 'idem-abcdefgh', 'idem-abcdefgh']);
  });

  it('times out when the answer does not start in time', async () => {
    scripts.set('/slow', (_req, res) => setTimeout(() => json(res, 200, { ok: true }), 3_000));
    const err = await client.callJson({ method: 'GET', path: '/slow', timeoutMs: 200, retry: NO_RETRY }, okSchema).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'UPSTREAM_TIMEOUT', message: 'The Signing API did not answer in time.' });
  });

  it('times out when the body stalls', async () => {
    scripts.set('/stall', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ok":');
      setTimeout(() => res.end('true}'), 3_000);
    });
    const err = await client.callJson({ method: 'GET', path: '/stall', timeoutMs: 200, retry: NO_RETRY }, okSchema).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'UPSTREAM_TIMEOUT' });
  });

  it('streams a PDF answer through as a web Response', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200_000, 7)]);
    scripts.set('/doc', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length), 'x-request-id': 'up_pdf' });
      res.end(pdf);
    });
    const res = await client.send({ method: 'GET', path: '/doc' });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-request-id')).toBe('up_pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('drops a probed body unread without an uncaught error, and throws a probe refused', async () => {
    const uncaught: unknown[] = [];
    const note = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', note);
    try {
      // A small body arrives whole with the headers, a large one is still on its way.
      for (const size of [2_000, 600_000]) {
        scripts.set('/receipt', (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(size) });
          res.end(Buffer.alloc(size, 7));
        });
        await client.probe({ method: 'POST', path: '/receipt', json: {} });
      }
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      process.off('uncaughtException', note);
    }
    expect(uncaught).toEqual([]);
    scripts.set('/receipt', (_req, res) => json(res, 409, { error: { code: 'USED', message: 'Spent.' } }));
    await expect(client.probe({ method: 'POST', path: '/receipt', json: {} })).rejects.toMatchObject({ status: 409 });
  });

  it('sends a streamed body once, with its length, and never retries it', async () => {
    scripts.set('/upload', (_req, res, body) => json(res, 503, { error: { code: 'BUSY', message: `got ${body.length}` } }));
    const bytes = new TextEncoder().encode('x'.repeat(70_000));
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, 30_000));
        c.enqueue(bytes.slice(30_000));
        c.close();
      },
    });
    const err = await client
      .callJson({ method: 'POST', path: '/upload', stream: { body, contentType: 'application/octet-stream', contentLength: String(bytes.length) }, idempotencyKey: 'idem-upload-1', retry: FAST_RETRY }, okSchema)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, message: 'got 70000' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['content-length']).toBe('70000');
  });

  it('reports an unreachable API without retrying a mutation', async () => {
    const { vi } = await import('vitest');
    vi.resetModules();
    const saved = process.env.SIGNING_API_BASE_URL;
    process.env.SIGNING_API_BASE_URL = 'http://127.0.0.1:1';
    try {
      const fresh = await import('./client');
      const err = await fresh.callJson({ method: 'POST', path: '/x', json: {} }, okSchema).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 0, code: 'UPSTREAM_UNAVAILABLE', message: 'The Signing API could not be reached.' });
    } finally {
      process.env.SIGNING_API_BASE_URL = saved;
    }
  });
});

// Issue 34: each attempt is counted by operation (ids replaced) and status, with its latency.
describe('metrics', () => {
  const series = async (name: string) => {
    const { metrics } = await import('../../metrics/registry');
    return (await metrics().registry.getSingleMetricAsString(name)).split('\n');
  };

  it('counts every attempt by operation and status, and one that got no answer as network_error', async () => {
    let calls = 0;
    scripts.set('/categories/cat_metrics_1', (_req, res) =>
      ++calls === 1 ? json(res, 503, { error: { code: 'UNAVAILABLE', message: 'busy' } }) : json(res, 200, { ok: true }),
    );
    scripts.set('/signature-packages/pkg_metrics_1', (_req, res) => setTimeout(() => json(res, 200, { ok: true }), 3_000));
    await client.callJson({ method: 'GET', path: '/categories/cat_metrics_1', retry: FAST_RETRY }, okSchema);
    await client.callJson({ method: 'GET', path: '/signature-packages/pkg_metrics_1', timeoutMs: 200, retry: NO_RETRY }, okSchema).catch(() => null);
    const counted = await series('signdesk_upstream_requests_total');
    expect(counted).toContain('signdesk_upstream_requests_total{operation="GET /categories/{id}",status="503"} 1');
    expect(counted).toContain('signdesk_upstream_requests_total{operation="GET /categories/{id}",status="200"} 1');
    expect(counted).toContain('signdesk_upstream_requests_total{operation="GET /signature-packages/{id}",status="network_error"} 1');
    expect(counted.join('\n')).not.toContain('cat_metrics_1');
    const timed = await series('signdesk_upstream_request_duration_seconds');
    expect(timed).toContain('signdesk_upstream_request_duration_seconds_count{operation="GET /categories/{id}"} 2');
    const slow = timed.find((l) => l.startsWith('signdesk_upstream_request_duration_seconds_sum{operation="GET /signature-packages/{id}"}'));
    expect(Number(slow?.split(' ').at(-1))).toBeGreaterThanOrEqual(0.2);
  });
});

// Issue 13: every operator spends the one key's rate limit, so the client spends it sparingly.
describe('sharing the rate limit', () => {
  const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('makes one call for identical reads at the same moment; each caller learns the upstream request', async () => {
    scripts.set('/shared', (_req, res) => void later(50).then(() => json(res, 200, { ok: true }, { 'x-request-id': 'up_shared' })));
    const contexts = [0, 1, 2].map(() => ({ upstreamRequestId: null as string | null }));
    const answers = await Promise.all(contexts.map((ctx) => callContext.run(ctx, () => client.callJson({ method: 'GET', path: '/shared', query: { page: 1 } }, okSchema))));
    expect(answers.map((a) => a.requestId)).toEqual(['up_shared', 'up_shared', 'up_shared']);
    expect(contexts.map((c) => c.upstreamRequestId)).toEqual(['up_shared', 'up_shared', 'up_shared']);
    expect(seen).toHaveLength(1);
    // Another query is another read; a list read after the first has ended is a call of its own.
    await Promise.all([client.callJson({ method: 'GET', path: '/shared', query: { page: 2 } }, okSchema), client.callJson({ method: 'GET', path: '/shared' }, okSchema)]);
    await client.callJson({ method: 'GET', path: '/shared', query: { page: 1 } }, okSchema);
    expect(seen).toHaveLength(4);
  });

  it('answers a catalog read from its cache until this console writes, and a fresh read always asks', async () => {
    let n = 0;
    scripts.set('/request-forms', (req, res) => json(res, req.method === 'POST' ? 201 : 200, { ok: true }, { 'x-request-id': `up_rf_${++n}` }));
    const first = await client.callJson({ method: 'GET', path: '/request-forms' }, okSchema);
    const second = await client.callJson({ method: 'GET', path: '/request-forms' }, okSchema);
    expect([first.requestId, second.requestId]).toEqual(['up_rf_1', 'up_rf_1']);
    expect(seen).toHaveLength(1);
    expect((await client.callJson({ method: 'GET', path: '/request-forms', fresh: true }, okSchema)).requestId).toBe('up_rf_2');
    // A write elsewhere (a preview) leaves the catalog's cache alone; a write of the catalog drops it.
    scripts.set('/signature-packages/preview', (_req, res) => json(res, 200, { ok: true }));
    await client.callJson({ method: 'POST', path: '/signature-packages/preview', json: {} }, okSchema);
    expect((await client.callJson({ method: 'GET', path: '/request-forms' }, okSchema)).requestId).toBe('up_rf_2');
    await client.callJson({ method: 'POST', path: '/request-forms', json: {} }, okSchema);
    expect((await client.callJson({ method: 'GET', path: '/request-forms' }, okSchema)).requestId).toBe('up_rf_4');
    // Not a catalog: asked every time.
    scripts.set('/approval-requests', (_req, res) => json(res, 200, { ok: true }));
    await client.callJson({ method: 'GET', path: '/approval-requests' }, okSchema);
    await client.callJson({ method: 'GET', path: '/approval-requests' }, okSchema);
    expect(seen.filter((s) => s.url === '/api/v1/approval-requests')).toHaveLength(2);
  });

  it('keeps no catalog read that was under way while this console wrote', async () => {
    let n = 0;
    scripts.set('/categories', (req, res) => {
      const id = `up_cat_${++n}`;
      if (req.method === 'POST') json(res, 201, { ok: true });
      else void later(80).then(() => json(res, 200, { ok: true }, { 'x-request-id': id }));
    });
    const before = client.callJson({ method: 'GET', path: '/categories' }, okSchema);
    await later(20);
    await client.callJson({ method: 'POST', path: '/categories', json: { name: 'New' } }, okSchema);
    expect((await before).requestId).toBe('up_cat_1');
    // Begun before the write ended, the first read may predate it: the next one asks again.
    expect((await client.callJson({ method: 'GET', path: '/categories' }, okSchema)).requestId).toBe('up_cat_3');
  });

  it('never joins a document list read begun before an upload to one begun after it', async () => {
    let n = 0;
    scripts.set('/documents', (req, res) => {
      const id = `up_doc_${++n}`;
      if (req.method === 'POST') json(res, 201, { ok: true });
      else void later(150).then(() => json(res, 200, { ok: true }, { 'x-request-id': id }));
    });
    const before = client.callJson({ method: 'GET', path: '/documents' }, okSchema);
    await later(20);
    await client.callJson({ method: 'POST', path: '/documents', json: {} }, okSchema);
    const after = client.callJson({ method: 'GET', path: '/documents' }, okSchema);
    expect((await before).requestId).toBe('up_doc_1');
    expect((await after).requestId).toBe('up_doc_3');
  });

  it('holds every later call after a 429 until its Retry-After, instead of letting the API refuse it too', async () => {
    const at: Record<string, number> = {};
    scripts.set('/limited', (_req, res) => json(res, 429, { error: { code: 'RATE_LIMITED', message: 'Slow down.' } }, { 'retry-after': '1' }));
    scripts.set('/after', (_req, res) => {
      at.after = performance.now();
      json(res, 200, { ok: true });
    });
    const refusedAt = performance.now();
    await expect(client.callJson({ method: 'GET', path: '/limited', retry: NO_RETRY }, okSchema)).rejects.toMatchObject({ status: 429, retryAfterMs: 1000 });
    const ctx = { upstreamRequestId: null as string | null, lane: 'usr_a', queuedMs: 0 };
    await callContext.run(ctx, () => client.callJson({ method: 'GET', path: '/after' }, okSchema));
    expect(at.after! - refusedAt).toBeGreaterThanOrEqual(950);
    expect(ctx.queuedMs).toBeGreaterThanOrEqual(900);
  });

  it('lets a health probe past the queue: it asks how the API is now, and a held probe would say nothing', async () => {
    scripts.set('/limited', (_req, res) => json(res, 429, { error: { code: 'RATE_LIMITED', message: 'Slow down.' } }, { 'retry-after': '2' }));
    scripts.set('/probe', (_req, res) => json(res, 200, { ok: true }));
    await expect(client.callJson({ method: 'GET', path: '/limited', retry: NO_RETRY }, okSchema)).rejects.toMatchObject({ status: 429 });
    const started = performance.now();
    await client.callJson({ method: 'GET', path: '/probe', retry: NO_RETRY, waitTurn: false }, okSchema);
    expect(performance.now() - started).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 2_000)); // the pause ends before the next test
  });
});

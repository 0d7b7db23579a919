import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivals, idem } from '../console/console-fixtures';
import { startTestConsole, type TestConsole } from '../console/harness';
import { MUTATING_ROUTES } from '../console/route-table';

// Hostile JSON against every mutating console route: bytes that are not UTF-8, lone
// surrogates, nesting bombs and a chunked body larger than the cap. Each is refused with
// a 4xx before anything reaches the Signing API, and nothing is stored as U+FFFD.
let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? utf8(p) : Buffer.from(p))));

// Expected statuses: a bomb may also meet a route's smaller size cap (sign-in's) first.
const HOSTILE: [string, Buffer, number[]][] = [
  ['invalid UTF-8 bytes', bytes('{"name":"', [0xff, 0xfe], '","reason":"', [0xff], '"}'), [400]],
  ['an overlong encoding of "/"', bytes('{"name":"a', [0xc0, 0xaf], 'b","reason":"abcdef"}'), [400]],
  ['a UTF-8-encoded lone surrogate', bytes('{"name":"', [0xed, 0xa0, 0x80], '","reason":"abcdef"}'), [400]],
  ['a truncated multi-byte character', bytes('{"name":"ab', [0xe2, 0x82], '"}'), [400]],
  ['a lone surrogate escape', utf8('{"name":"\\ud800 name","reason":"\\udc00 reason"}'), [400]],
  ['10,000 nested arrays', utf8(`${'['.repeat(10_000)}${']'.repeat(10_000)}`), [400, 413]],
  ['10,000 nested objects', utf8(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`), [400, 413]],
];

// Routes with a JSON body (the upload is multipart and has its own suite).
const JSON_ROUTES = [
  ...MUTATING_ROUTES.filter((r) => r.path !== '/api/documents'),
  { method: 'POST' as const, path: '/api/auth/sign-in' },
];

describe('hostile JSON bodies', () => {
  it('are refused with a 4xx on every mutating route, and nothing reaches the API', async () => {
    const before = arrivals(c);
    const failures: string[] = [];
    for (const route of JSON_ROUTES) {
      for (const [label, body, status] of HOSTILE) {
        const reply = await c.call(route.method, route.path, {
          cookie: c.cookies.admin,
          rawBody: new Uint8Array(body),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
          idempotencyKey: idem('bomb'),
        });
        if (!status.includes(reply.status) || typeof reply.body?.error?.code !== 'string') {
          failures.push(
            `${route.method} ${route.path} with ${label}: ${reply.status} ${reply.bytes.toString('utf8').slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(arrivals(c)).toBe(before);
  });

  it('stops reading a chunked body at the cap on every mutating route', async () => {
    const before = arrivals(c);
    const failures: string[] = [];
    for (const route of JSON_ROUTES) {
      let sent = 0;
      const chunk = utf8(`{"reason":"${'z'.repeat(256 * 1024)}`);
      // 256 MiB on offer, no Content-Length: only counting while reading can refuse it.
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ >= 1024) return controller.close();
          controller.enqueue(chunk);
        },
      });
      const reply = await c.call(route.method, route.path, {
        cookie: c.cookies.admin,
        rawBody: stream,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.2' },
        idempotencyKey: idem('chunked'),
      });
      if (reply.status !== 413 || sent >= 1024)
        failures.push(`${route.method} ${route.path}: ${reply.status} after ${sent} chunks`);
    }
    expect(failures).toEqual([]);
    expect(arrivals(c)).toBe(before);
  });

  it('still takes well-formed text of every script', async () => {
    const name = `Ünïcødé ✓ 日本語 🚀 ${Date.now()}`;
    const reply = await c.call('POST', '/api/categories', {
      cookie: c.cookies.admin,
      body: { name, description: 'emoji 👍🏽 and RTL שלום' },
      idempotencyKey: idem('text'),
    });
    expect(reply.status, reply.bytes.toString('utf8').slice(0, 200)).toBe(200);
    expect(reply.body.name).toBe(name);
    expect(reply.bytes.includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(false); // no U+FFFD
  });
});

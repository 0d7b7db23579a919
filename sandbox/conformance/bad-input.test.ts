import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../routes/index.ts';
import { SUITE_DIALECT } from './harness.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

// Every route, fed junk: never a 500, always the agreed error shape, and no state change.
const sb = sandboxForFile();
let key: string;
beforeAll(async () => {
  key = await sb.newKey();
});

const JUNK_PARAMS = ['%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(300), '%E2%80%AE', '%F0%9F%92%A5', "'%20OR%201%3D1--", '%25'];
const JUNK_QUERIES = [
  'page=abc',
  'page=0',
  'size=7',
  'size=25&size=50',
  `q=${'q'.repeat(101)}`,
  'status=%00',
  'nonsense=1',
  'page=99999999999999999999',
];
const JUNK_BODIES: { label: string; body: string; type?: string }[] = [
  { label: 'malformed JSON', body: '{"name": ' },
  { label: 'a JSON array', body: '[1,2,3]' },
  { label: 'a JSON string', body: '"hello"' },
  { label: 'null', body: 'null' },
  {
    label: 'wrong types everywhere',
    body: JSON.stringify({
      name: 42,
      reason: false,
      template_id: [],
      expires_in_days: 'ten',
      signers: 'all',
      form_data: 7,
      expected_version: 'one',
      type: 1,
      layout: 'grid',
      action: {},
      purpose: 9,
    }),
  },
  { label: 'deep nesting', body: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` },
  { label: 'huge strings', body: JSON.stringify({ name: 'n'.repeat(200_000), reason: 'r'.repeat(200_000) }) },
  { label: 'prototype pollution', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { label: 'form-encoded', body: 'name=x&reason=y', type: 'application/x-www-form-urlencoded' },
  { label: 'binary', body: '\u0000\u0001\u0002%PDF-\u00ff', type: 'application/octet-stream' },
];

function stateFingerprint() {
  const db = sb.sandbox.services.db;
  const rows = db.prepare('SELECT kind, COUNT(*) AS n, MAX(seq) AS s FROM records GROUP BY kind ORDER BY kind').all();
  const idem = db.prepare('SELECT COUNT(*) AS n FROM idempotency').get();
  return JSON.stringify({ rows, idem, files: sb.sandbox.services.files.list().filter((f) => !f.startsWith('.tmp')).length });
}

describe('bad input on every route', () => {
  it('never answers 500, always in the agreed error shape, and changes nothing', async () => {
    const routes = allRoutes(sb.sandbox.services).filter((r) => !r.path.startsWith('/__sandbox') || r.path.includes(':id'));
    const before = stateFingerprint();
    const problems: string[] = [];
    let calls = 0;
    for (const def of routes) {
      // A route for any method is fed as a POST, the method that carries the junk bodies.
      const route = { ...def, method: def.method === '*' ? 'POST' : def.method };
      const paths = route.path.includes(':')
        ? JUNK_PARAMS.map((j) => route.path.replace(/:[A-Za-z]+/g, j))
        : route.method === 'GET'
          ? JUNK_QUERIES.map((q) => `${route.path}?${q}`)
          : [route.path];
      const headers: Record<string, string> = { 'idempotency-key': `bad-input-${calls}-zzzz` };
      if (route.auth === 'control') headers['x-sandbox-control'] = sb.controlToken;
      for (const path of paths) {
        const bodies = route.method === 'GET' ? [null] : JUNK_BODIES;
        for (const junk of bodies) {
          calls++;
          const reply = await sb.call(route.method, path, {
            key,
            headers: {
              ...headers,
              'idempotency-key': `bad-input-${calls}-zzzz`,
              ...(junk ? { 'content-type': junk.type ?? 'application/json' } : {}),
            },
            rawBody: junk?.body,
          });
          const where = `${route.method} ${path.slice(0, 60)} (${junk?.label ?? 'GET'})`;
          if (reply.status >= 500 || reply.status < 400) problems.push(`${where}: ${reply.status}`);
          else if ((SUITE_DIALECT === 'standard' && typeof reply.body?.error?.code !== 'string') || typeof reply.body?.error?.message !== 'string')
            problems.push(`${where}: no error shape`);
        }
      }
    }
    console.log(`bad input: ${calls} calls over ${routes.length} routes`);
    expect(problems).toEqual([]);
    expect(stateFingerprint()).toBe(before);
  }, 180_000);

  it('refuses oversized JSON before reading it and non-JSON bodies on JSON routes', async () => {
    const big = await sb.call('POST', '/api/v1/categories', {
      key,
      idempotencyKey: 'bad-input-big-1',
      rawBody: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    const text = await sb.call('POST', '/api/v1/categories', {
      key,
      idempotencyKey: 'bad-input-txt-1',
      rawBody: 'name',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });
});

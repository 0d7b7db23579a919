import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@/lib/roles';
import { startTestConsole, type CallOptions, type TestConsole } from './harness';
import { ALLOWED, MUTATING_ROUTES } from './route-table';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

const idem = (i: number) => ({ 'idempotency-key': `matrix-key-${i}-0000` });

describe('refusal matrix: no session, wrong role, cross-site, invalid body', () => {
  it('refuses every combination before anything reaches the Signing API', async () => {
    const arrivedBefore = c.sandbox.sandbox.services.requestsByApp.get(c.appId) ?? 0;
    const failures: string[] = [];
    let total = 0;
    let refused = 0;
    let n = 0;
    const expectStatus = async (label: string, status: number, method: string, path: string, opts: CallOptions) => {
      total++;
      const reply = await c.call(method, path, { ...opts, headers: { ...idem(n++), ...opts.headers } });
      const shaped = typeof reply.body?.error?.code === 'string' && typeof reply.body?.error?.message === 'string';
      if (reply.status === status && shaped) refused++;
      else failures.push(`${label} ${method} ${path}: expected ${status}, got ${reply.status} ${reply.bytes.toString().slice(0, 120)}`);
    };
    for (const route of MUTATING_ROUTES) {
      const allowed = ALLOWED[route.role];
      const validish = { body: { reason: 'a proper reason' } };
      await expectStatus('no session', 401, route.method, route.path, validish);
      for (const role of ROLES.filter((r) => !allowed.includes(r))) {
        await expectStatus(`role ${role}`, 403, route.method, route.path, { ...validish, cookie: c.cookies[role] });
      }
      const cookie = c.cookies[allowed[0]!];
      await expectStatus('foreign origin', 403, route.method, route.path, { ...validish, cookie, origin: 'https://attacker.example' });
      await expectStatus('null origin', 403, route.method, route.path, { ...validish, cookie, origin: 'null' });
      await expectStatus('no origin', 403, route.method, route.path, { ...validish, cookie, origin: null });
      await expectStatus('cross-site fetch metadata', 403, route.method, route.path, { ...validish, cookie, headers: { 'sec-fetch-site': 'cross-site' } });
      await expectStatus('invalid body', route.invalidStatus ?? 422, route.method, route.path, { cookie, body: route.invalid });
    }
    console.log(`refusal matrix: ${refused} of ${total} combinations refused over ${MUTATING_ROUTES.length} mutating routes`);
    expect(failures).toEqual([]);
    expect(refused).toBe(total);
    expect(c.sandbox.sandbox.services.requestsByApp.get(c.appId) ?? 0).toBe(arrivedBefore);
    // The counter does see the console's calls: one allowed read arrives.
    expect((await c.call('GET', '/api/categories', { cookie: c.cookies.viewer })).status).toBe(200);
    expect(c.sandbox.sandbox.services.requestsByApp.get(c.appId)).toBe(arrivedBefore + 1);
  });

  it('maps 422 details onto fields', async () => {
    const reply = await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body: { name: 'x', description: 'y'.repeat(501) }, headers: idem(9999) });
    expect(reply.status).toBe(422);
    expect(reply.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['description', 'name']);
  });
});

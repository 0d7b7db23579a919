import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_FRESH_MS } from '@/server/signing-api/health';
import { setFaults } from './console-fixtures';
import { startTestConsole, type TestConsole } from './harness';

let c: TestConsole;
/** The console shares one Signing API probe between health checks for PROBE_FRESH_MS. */
const outliveHealthProbe = () => new Promise((r) => setTimeout(r, PROBE_FRESH_MS + 100));
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

describe('sign-in and sessions', () => {
  it('seals an HttpOnly, SameSite=Lax cookie and answers who is signed in', async () => {
    const { reply, cookie } = await c.signIn('viewer@test.local');
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ email: 'viewer@test.local', roles: ['viewer'] });
    expect(reply.body.user.password_hash).toBeUndefined();
    const setCookie = reply.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await c.call('GET', '/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email: 'viewer@test.local' }, embedded_sandbox: true });
  });

  it('answers signed-in reads without re-sealing the cookie (its idle window slides once a minute)', async () => {
    const { cookie } = await c.signIn('operator@test.local');
    for (const path of ['/api/auth/me', '/api/categories', '/api/approval-requests', '/api/queue']) {
      const reply = await c.call('GET', path, { cookie });
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('set-cookie'), path).toBeNull();
    }
  });

  it('uses a __Host- Secure cookie when not on plain-HTTP localhost', async () => {
    const reply = await c.call('POST', '/api/auth/sign-in', {
      body: { email: 'viewer@test.local', password: 'correct-horse-battery-staple' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toMatch(/^__Host-signdesk=.*Secure/i);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const wrong = await c.call('POST', '/api/auth/sign-in', { body: { email: 'admin@test.local', password: 'nope-nope' }, headers: { 'x-forwarded-for': '10.1.1.1' } });
    const unknown = await c.call('POST', '/api/auth/sign-in', { body: { email: 'ghost@test.local', password: 'nope-nope' }, headers: { 'x-forwarded-for': '10.1.1.2' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.code).toBe(unknown.body.error.code);
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  it('refuses a cross-site sign-in and malformed bodies', async () => {
    const cross = await c.call('POST', '/api/auth/sign-in', { body: { email: 'viewer@test.local', password: 'x' }, origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const noOrigin = await c.call('POST', '/api/auth/sign-in', { body: { email: 'viewer@test.local', password: 'x' }, origin: null });
    expect(noOrigin.status).toBe(403);
    const bad = await c.call('POST', '/api/auth/sign-in', { body: { email: 'not-an-email', password: '' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
  });

  it('signs out so that a copied cookie cannot be replayed', async () => {
    const { cookie } = await c.signIn('operator@test.local');
    expect((await c.call('GET', '/api/auth/me', { cookie })).status).toBe(200);
    const out = await c.call('POST', '/api/auth/sign-out', { cookie });
    expect(out.status).toBe(200);
    const replay = await c.call('GET', '/api/auth/me', { cookie });
    expect(replay.status).toBe(401);
  });

  it('answers 401 without a session and 404 for an unknown route', async () => {
    expect((await c.call('GET', '/api/auth/me')).status).toBe(401);
    expect((await c.call('GET', '/api/no-such-route', { cookie: c.cookies.admin })).status).toBe(404);
  });

  it('reports health of the console, database and Signing API', async () => {
    const health = await c.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: { ok: true }, signing_api: { ok: true } });
    expect(typeof health.body.signing_api.latency_ms).toBe('number');
  });

  it('reports a degraded Signing API with 503 after one attempt, and recovers', async () => {
    await setFaults(c, [{ method: 'GET', path: '/api/v1/categories', status: 503, code: 'MAINTENANCE', times: 2 }]);
    await outliveHealthProbe();
    const health = await c.call('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', database: { ok: true }, signing_api: { ok: false } });
    // One probe, no retries: the second counted fault is still there for the next probe.
    expect(c.sandbox.sandbox.services.faults.list()).toEqual([expect.objectContaining({ remaining: 1 })]);
    await setFaults(c, []);
    await outliveHealthProbe();
    expect((await c.call('GET', '/api/health')).status).toBe(200);
  });
});

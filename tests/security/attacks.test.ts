import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivals, auditOf } from '../console/console-fixtures';
import { startTestConsole, type TestConsole } from '../console/harness';
import { raw as rawRequest } from '../support/raw-http';

// Attacks a security review found still working (issue 19), each closed and kept closed:
// a revoked cookie signing its owner out, a foreign Host, slow bodies, `..` ids in bodies.
let c: TestConsole;
beforeAll(async () => {
  // Short body deadlines, so a stalled body is cut within the test's patience.
  c = await startTestConsole({
    env: { REQUEST_HEADERS_TIMEOUT_MS: '1500', REQUEST_BODY_TIMEOUT_MS: '2000', UPLOAD_STALL_MS: '1000' },
  });
});
afterAll(async () => c?.close());

/** One request on a raw socket to the console (tests/support/raw-http.ts). */
const raw = (parts: string[], gapMs = 0, giveUpMs = 15_000) => rawRequest(Number(new URL(c.url).port), parts, gapMs, giveUpMs);

const hostOf = () => new URL(c.url).host;

describe('sign-out', () => {
  it('acts only for a valid current session: a revoked copy clears its cookie and signs nobody out', async () => {
    const { cookie: revoked } = await c.signIn('sender@test.local');
    expect((await c.call('POST', '/api/auth/sign-out', { cookie: revoked })).status).toBe(200);
    const outsBefore = (await auditOf(c, 'auth.sign_out')).length;
    const { cookie: current } = await c.signIn('sender@test.local');
    // The copied, revoked cookie again: answered, cleared, and the new session lives on.
    const replay = await c.call('POST', '/api/auth/sign-out', { cookie: revoked });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('set-cookie')).toMatch(/signdesk=;/);
    expect((await c.call('GET', '/api/auth/me', { cookie: current })).status).toBe(200);
    expect((await auditOf(c, 'auth.sign_out')).length).toBe(outsBefore);
  });
});

describe('host', () => {
  it('refuses a request naming another host before anything reads it', async () => {
    const body = JSON.stringify({ email: 'viewer@test.local', password: 'x' });
    const rebinding = await raw([
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: evil.example:${new URL(c.url).port}\r\nOrigin: http://evil.example:${new URL(c.url).port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    ]);
    expect(rebinding.status).toBe(421);
    expect(rebinding.text).toContain('MISDIRECTED_REQUEST');
    // No Host at all: Node's own server refuses HTTP/1.1 without one.
    expect((await raw([`GET /api/health/live HTTP/1.1\r\nConnection: close\r\n\r\n`])).status).toBe(400);
    expect(
      (await raw([`GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.2:${new URL(c.url).port}\r\nConnection: close\r\n\r\n`])).status,
    ).toBe(421);
    // A load balancer's health probe names the instance by its own address: answered.
    expect((await raw([`GET /api/health/live HTTP/1.1\r\nHost: 10.0.0.5:3000\r\nConnection: close\r\n\r\n`])).status).toBe(200);
    expect((await raw([`GET /api/health/live HTTP/1.1\r\nHost: ${hostOf()}\r\nConnection: close\r\n\r\n`])).status).toBe(200);
    // The other loopback names of the printed address are the same console.
    expect(
      (await raw([`GET /api/health/live HTTP/1.1\r\nHost: localhost:${new URL(c.url).port}\r\nConnection: close\r\n\r\n`]))
        .status,
    ).toBe(200);
  });

  it('takes the forwarded host only from a trusted proxy, and checks it too', async () => {
    // The harness's console trusts loopback: the test plays the proxy.
    const forwarded = (host: string) => c.call('GET', '/api/auth/me', { headers: { 'x-forwarded-host': host } });
    expect((await forwarded('evil.example')).status).toBe(421);
    expect((await forwarded(hostOf())).status).toBe(401); // past the host check: no session
  });
});

describe('slow requests', () => {
  it('cuts headers that do not finish', async () => {
    const reply = await raw([`GET /api/health/live HTTP/1.1\r\nHost: ${hostOf()}\r\n`, 'X-Slow: 1\r\n'], 400);
    expect(reply.ms).toBeLessThan(6_000);
    expect(reply.status === null || reply.status === 408).toBe(true);
  });

  it('cuts a JSON body sent a byte at a time at its deadline, with a 408', async () => {
    const body = JSON.stringify({ email: 'viewer@test.local', password: 'a-password-sent-slowly' });
    const head = `POST /api/auth/sign-in HTTP/1.1\r\nHost: ${hostOf()}\r\nOrigin: ${c.url}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const reply = await raw([head, ...body.split('')], 300);
    expect(reply.status).toBe(408);
    expect(reply.text).toContain('REQUEST_TIMEOUT');
    expect(reply.ms).toBeGreaterThanOrEqual(1_900);
    expect(reply.ms).toBeLessThan(6_000);
    // The console still answers everyone else.
    expect((await c.call('GET', '/api/health/live')).status).toBe(200);
  });

  it('cuts an upload that stalls, but not one that keeps moving', async () => {
    const boundary = 'slowboundary';
    const preamble = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    const head = (length: number) =>
      `POST /api/documents HTTP/1.1\r\nHost: ${hostOf()}\r\nOrigin: ${c.url}\r\nCookie: ${c.cookies.operator}\r\nIdempotency-Key: slow-upload-${length}-0000\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`;
    // A trickle: a few bytes a second against a floor of 16 KiB per second-long window.
    const stalled = await raw([head(200_000), preamble, ...Array<string>(20).fill('x'.repeat(10))], 300);
    expect(stalled.status).toBe(408);
    expect(stalled.text).toMatch(/upload stalled/);
    expect(stalled.ms).toBeLessThan(6_000);
  });
});

describe('ids in request bodies', () => {
  it('refuses `..` and other non-opaque ids before any upstream call, naming the field', async () => {
    const before = arrivals(c);
    const reply = await c.call('POST', '/api/approval-requests', {
      cookie: c.cookies.operator,
      idempotencyKey: 'dot-dot-ids-0000',
      body: { workflow_id: '..', workflow_release_id: '..@1', external_id: 'dot-dot-1', form_data: {}, submit: true },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['workflow_id', 'workflow_release_id']);
    const doc = await c.call('POST', '/api/approval-requests', {
      cookie: c.cookies.operator,
      idempotencyKey: 'dot-dot-ids-0001',
      body: {
        workflow_id: 'wf_access',
        workflow_release_id: 'wf_access@2',
        external_id: 'dot-dot-2',
        form_data: {},
        documents: [{ document_id: '%2e%2e', field_key: 'contract', name: 'x' }],
        submit: true,
      },
    });
    expect(doc.status).toBe(422);
    expect(arrivals(c)).toBe(before);
  });
});

import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idem, ndaBody } from '../console/console-fixtures';
import { startTestConsole, type TestConsole } from '../console/harness';
import { heldSocket, raw } from '../support/raw-http';

// Issue 33's small ones, each reproduced first: a Host list, an https Origin on the http
// console, sockets without a cap per address, control characters in searches and names, and a
// client's cut body reported as a database outage.
let c: TestConsole;
const PER_ADDRESS = 6;
beforeAll(async () => {
  // No trusted proxy: the test's address is the client's own, which the per-address cap counts.
  c = await startTestConsole({
    env: { TRUSTED_PROXIES: undefined, MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS), REQUEST_BODY_TIMEOUT_MS: '20000' },
  });
});
afterAll(async () => c?.close());

const port = () => Number(new URL(c.url).port);
const host = () => new URL(c.url).host;

describe('the Host a request names', () => {
  it('is one host: a list is refused, with the security headers every answer carries', async () => {
    const reply = await raw(port(), [`GET /api/auth/me HTTP/1.1\r\nHost: ${host()},evil.example\r\nConnection: close\r\n\r\n`]);
    expect(reply.status).toBe(421);
    const head = reply.text.split('\r\n\r\n')[0]!.toLowerCase();
    expect(head).toContain('x-content-type-options: nosniff');
    expect(head).toContain('x-frame-options: deny');
    expect(head).toContain("content-security-policy: default-src 'none'");
    expect(head).toContain('referrer-policy: same-origin');
  });
});

describe('the same-origin check', () => {
  it("compares the whole origin, scheme included, with the console's own", async () => {
    const body = { name: `Origin ${idem()}` };
    const create = (origin: string) =>
      c.call('POST', '/api/categories', { cookie: c.cookies.admin, body, origin, idempotencyKey: idem('origin') });
    const https = await create(`https://${host()}`);
    expect(https.status).toBe(403);
    expect(https.body.error.code).toBe('CROSS_SITE_REQUEST');
    const otherPort = await create('http://127.0.0.1:1');
    expect(otherPort.status).toBe(403);
    // The console's own origin, as its pages send it, still passes.
    const own = await create(c.url);
    expect(own.status, own.bytes.toString('utf8').slice(0, 200)).toBe(200);
  });
});

describe('connections', () => {
  it(`holds at most ${PER_ADDRESS} connections from one address; the next is refused at once, and room comes back when they go`, async () => {
    const head = `POST /api/auth/sign-in HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`;
    const held: Socket[] = [];
    try {
      for (let i = 0; i < PER_ADDRESS; i++) held.push(await heldSocket(port(), head));
      // Let the server count them all before the next one comes.
      await new Promise((r) => setTimeout(r, 200));
      const refused = await raw(
        port(),
        [`GET /api/health/live HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`],
        0,
        5_000,
      );
      expect(refused.status).toBe(503);
      expect(refused.text).toContain('TOO_MANY_CONNECTIONS');
      expect(refused.ms).toBeLessThan(2_000);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await expect
      .poll(
        async () => (await raw(port(), [`GET /api/health/live HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`])).status,
      )
      .toBe(200);
  });
});

describe('control characters', () => {
  it('are refused in a search: NUL matched every package and every recipient', async () => {
    for (const path of ['/api/packages', '/api/recipients', '/api/documents', '/api/categories']) {
      for (const q of ['%00', 'a%E2%80%AEb', '%1B%5B31m']) {
        const reply = await c.call('GET', `${path}?q=${q}`, { cookie: c.cookies.admin });
        expect(reply.status, `${path}?q=${q}`).toBe(422);
        expect(reply.body.error.details.map((d: { path: string }) => d.path)).toContain('q');
      }
    }
  });

  it('are refused in names and references before anything is stored or sent', async () => {
    const preview = await c.call('POST', '/api/packages/preview', {
      cookie: c.cookies.sender,
      body: ndaBody({ reference: 'INV-\u202Efdp.exe' }),
    });
    expect(preview.status).toBe(422);
    expect(preview.body.error.details.map((d: { path: string }) => d.path)).toContain('reference');
    const view = await c.call('POST', '/api/saved-views', {
      cookie: c.cookies.sender,
      body: { name: 'Mine\u0000', list: 'packages', query: '' },
    });
    expect(view.status).toBe(422);
    const draft = await c.call('POST', '/api/package-drafts', {
      cookie: c.cookies.sender,
      body: {
        template_id: 'dst_nda',
        values: { sender_values: {}, signers: [], expires_in_days: '', reference: 'Draft \u202E' },
      },
    });
    expect(draft.status).toBe(422);
  });
});

describe('a body the client cuts off', () => {
  it('is the client gone, not the database: no outage is logged', async () => {
    const before = readFileSync(c.logFile, 'utf8').split('\n').length;
    const socket = await heldSocket(
      port(),
      `POST /api/categories HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${c.url}\r\nCookie: ${c.cookies.admin}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"name":"cut`,
    );
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    // The console goes on answering, and what it logged of the cut says nothing of the database.
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await c.call('GET', '/api/health')).status).toBe(200);
    const logged = readFileSync(c.logFile, 'utf8')
      .split('\n')
      .slice(before - 1)
      .join('\n');
    expect(logged).not.toMatch(/database unavailable|DATABASE_UNAVAILABLE/i);
  });
});

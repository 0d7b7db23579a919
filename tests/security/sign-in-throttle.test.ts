import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAX_WAIT_MS, UNKNOWN_BROWSER_ALLOWANCE, attemptsOn, throttleKey } from '@/server/auth/throttle';
import { connect } from '@/server/db/connect';
import { PARAMS } from '@/server/users/password';
import { findUserByEmail } from '@/server/users/users';
import { PASSWORD, startTestConsole, type TestConsole } from '../console/harness';

// Sign-in throttling as an attacker meets it: forged forwarding headers, parallel guesses,
// an attempt to lock someone else out, oversized bodies; and old password hashes upgraded.
let direct: TestConsole; // no trusted proxy: the socket is the client
let proxied: TestConsole; // behind a trusted proxy on loopback (the test plays the proxy)
beforeAll(async () => {
  [direct, proxied] = await Promise.all([startTestConsole({ env: { TRUSTED_PROXIES: undefined } }), startTestConsole()]);
});
afterAll(async () => Promise.all([direct?.close(), proxied?.close()]));

const attempt = (c: TestConsole, email: string, password: string, headers: Record<string, string> = {}) =>
  c.call('POST', '/api/auth/sign-in', { body: { email, password }, headers });

async function attemptsRecorded(c: TestConsole, key: string) {
  const conn = await connect({ dataDir: c.dataDir });
  try {
    return await attemptsOn(conn, key);
  } finally {
    await conn.destroy();
  }
}

describe('forwarding headers', () => {
  it('are ignored from a peer that is not a trusted proxy: every spoofed address counts as the socket', async () => {
    for (let i = 1; i <= 12; i++) {
      const reply = await attempt(direct, `nobody-${i}@test.local`, 'wrong-password', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(reply.status).toBe(401);
    }
    expect(await attemptsRecorded(direct, throttleKey('address', '127.0.0.1'))).toBeGreaterThanOrEqual(12);
    expect(await attemptsRecorded(direct, throttleKey('address', '203.0.113.1'))).toBe(0);
  });

  it('cannot claim HTTPS from a plain-HTTP peer (no __Host- cookie)', async () => {
    const { reply } = { reply: await attempt(direct, 'viewer@test.local', PASSWORD, { 'x-forwarded-proto': 'https' }) };
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toMatch(/^signdesk=/);
  });

  it('are believed from a trusted proxy, taking the right-most address it did not add itself', async () => {
    const reply = await attempt(proxied, 'nobody@test.local', 'wrong-password', {
      'x-forwarded-for': '198.51.100.7, 203.0.113.99',
    });
    expect(reply.status).toBe(401);
    expect(await attemptsRecorded(proxied, throttleKey('address', '203.0.113.99'))).toBe(1);
    expect(await attemptsRecorded(proxied, throttleKey('address', '198.51.100.7'))).toBe(0);
    const secure = await attempt(proxied, 'viewer@test.local', PASSWORD, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.98',
    });
    expect(secure.headers.get('set-cookie')).toMatch(/^__Host-signdesk=.*Secure/i);
  });
});

describe('parallel guesses', () => {
  it('are all counted: 50 wrong passwords at once count 50, and none gets a free pass', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.50' };
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(proxied, 'operator@test.local', `guess-${i}`, headers)),
    );
    expect(replies.map((r) => r.status).filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // The address ran out of its allowance: the excess was refused with a time to wait.
    const refused = replies.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.body.error.code).toBe('SIGN_IN_THROTTLED');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await attemptsRecorded(proxied, throttleKey('account', 'operator@test.local'))).toBe(50);
    expect(await attemptsRecorded(proxied, throttleKey('address', '192.0.2.50'))).toBe(50);
  });
});

describe('no lock-out at will', () => {
  const deviceCookieOf = (reply: { headers: Headers }) =>
    reply.headers
      .getSetCookie()
      .find((c) => c.startsWith('signdesk-device='))
      ?.split(';')[0];

  it('refuses a spray from 100 addresses past the allowance, while the owner signs in from a known browser', async () => {
    const victim = 'sender@test.local';
    // The owner signed in from this browser before: it carries a device cookie for the account.
    const first = await attempt(proxied, victim, PASSWORD, { 'x-forwarded-for': '192.0.2.200' });
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toBeDefined();
    // 100 guesses at once, each from an address of its own: a few are checked, the rest refused.
    const spray = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attempt(proxied, victim, `attacker-${i}`, { 'x-forwarded-for': `198.51.100.${i + 1}` })),
    );
    const statuses = spray.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(UNKNOWN_BROWSER_ALLOWANCE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - UNKNOWN_BROWSER_ALLOWANCE);
    const refused = spray.find((r) => r.status === 429)!;
    expect(refused.body.error.code).toBe('SIGN_IN_THROTTLED');
    expect(refused.body.error.message).toMatch(/browsers it has not signed in from before/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    // Even the right password from an unknown browser is refused now: a guesser learns nothing.
    const lucky = await attempt(proxied, victim, PASSWORD, { 'x-forwarded-for': '198.51.100.201' });
    expect(lucky.status).toBe(429);
    // The owner's browser keeps its allowance, unslowed, and its sign-in leaves the refusal in place.
    const started = Date.now();
    const owner = await attempt(proxied, victim, PASSWORD, { 'x-forwarded-for': '192.0.2.201', cookie: device! });
    expect(owner.status).toBe(200);
    // Slowed, it would wait the account's longest gap (ACCOUNT_MAX_WAIT_MS, 10 s) after this spray;
    // the bound leaves room for a CI machine under full load (4.3 s seen there), not for that wait.
    expect(Date.now() - started).toBeLessThan(ACCOUNT_MAX_WAIT_MS * 0.7);
    expect((await attempt(proxied, victim, PASSWORD, { 'x-forwarded-for': '198.51.100.202' })).status).toBe(429);
  });

  it('counts IPv6 callers by their /64, so one host cannot take a fresh allowance per address', async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt(proxied, `v6-${i}@test.local`, 'wrong-password', { 'x-forwarded-for': `2001:db8:7:7::${(i + 1).toString(16)}` }),
      ),
    );
    expect(await attemptsRecorded(proxied, throttleKey('address', '2001:db8:7:7::/64'))).toBe(40);
    expect(replies.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  });
});

describe('sign-in body', () => {
  it('is capped by Content-Length', async () => {
    const reply = await proxied.call('POST', '/api/auth/sign-in', {
      body: { email: 'viewer@test.local', password: 'x'.repeat(10_000) },
      headers: { 'x-forwarded-for': '192.0.2.60' },
    });
    expect(reply.status).toBe(413);
  });

  it('is capped while a chunked body streams in, without reading it whole', async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(`{"email":"viewer@test.local","password":"${'y'.repeat(64 * 1024)}`);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 64 MiB on offer; the console must stop reading long before.
        if (sent >= 1024) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const reply = await proxied.call('POST', '/api/auth/sign-in', {
      rawBody: stream,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.61' },
    });
    expect(reply.status).toBe(413);
    expect(sent).toBeLessThan(1024);
  });
});

describe('password hashes', () => {
  it("are upgraded to today's scrypt cost at the next successful sign-in", async () => {
    const conn = await connect({ dataDir: proxied.dataDir });
    try {
      // A hash as an earlier release stored it (N=2^14, r=8, p=1).
      const salt = randomBytes(16);
      const old = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync(PASSWORD, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
      await conn.updateTable('users').set({ password_hash: old }).where('email', '=', 'admin@test.local').execute();
      const reply = await attempt(proxied, 'admin@test.local', PASSWORD, { 'x-forwarded-for': '192.0.2.70' });
      expect(reply.status).toBe(200);
      const row = await findUserByEmail(conn, 'admin@test.local');
      expect(row!.password_hash).toMatch(new RegExp(`^scrypt\\$${PARAMS.N}\\$${PARAMS.r}\\$${PARAMS.p}\\$`));
      expect(PARAMS.N * PARAMS.r * PARAMS.p).toBeGreaterThanOrEqual(2 ** 17 * 8 * 1 * 0.75); // OWASP's equal-cost variants
      // The session the admin already had stays valid: nothing changed for them.
      expect((await proxied.call('GET', '/api/auth/me', { cookie: proxied.cookies.admin })).status).toBe(200);
    } finally {
      await conn.destroy();
    }
  });
});

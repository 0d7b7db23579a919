import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleKey } from '@/server/auth/throttle';
import { PASSWORD, startTestConsole, type TestConsole } from '../console/harness';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { ensureNginxInstalled, startNginx, substitute, type RunningNginx } from '../support/nginx';
import { CONSOLE_PORTS, freePort } from '../support/test-stack';
import { ROOT } from './project-commands';

// deploy/nginx/signdesk.conf as an operator installs it, in front of two consoles on one
// PostgreSQL: only the ports, the certificate (self-signed here) and loopback-only listening put
// in. Clients connect from addresses of their own (127.0.0.2, 127.0.0.3); nginx reaches the
// instances from 127.0.0.1, their one trusted proxy.
const NAME = 'signdesk.example.com';
const CLIENT_A = '127.0.0.2';
const CLIENT_B = '127.0.0.3';
const SITE = readFileSync(join(ROOT, 'deploy/nginx/signdesk.conf'), 'utf8');
const PER_CLIENT = Number(/limit_conn signdesk_per_client (\d+);/.exec(SITE)?.[1]);

let dir: string;
let cert: string;
let db: TestPostgres;
let nginx: RunningNginx;
let a: TestConsole;
let b: TestConsole;
let publicUrl: string;
let ports: { https: number; http: number };

beforeAll(async () => {
  if (!ensureNginxInstalled()) throw new Error('nginx is not installed and could not be (apt-get install nginx)');
  dir = mkdtempSync(join(tmpdir(), 'signdesk-nginx-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', `/CN=${NAME}`, '-addext', `subjectAltName=DNS:${NAME}`],
      ...['-keyout', join(dir, 'privkey.pem'), '-out', join(dir, 'fullchain.pem')],
    ],
    { stdio: 'pipe' },
  );
  cert = readFileSync(join(dir, 'fullchain.pem'), 'utf8');
  const taken = new Set<number>();
  const pick = () => freePort({ ...CONSOLE_PORTS, taken });
  ports = { https: await pick(), http: await pick() };
  const instances = [await pick(), await pick()] as const;
  publicUrl = `https://${NAME}:${ports.https}`;
  const site = substitute(SITE, [
    [/^\s*listen \[::\].*\n/gm, ''],
    ['listen 443 ', `listen 127.0.0.1:${ports.https} `],
    ['listen 80', `listen 127.0.0.1:${ports.http}`],
    ['server 127.0.0.1:3000 ', `server 127.0.0.1:${instances[0]} `],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${instances[1]} `],
    ['/etc/ssl/signdesk/', `${dir}/`],
  ]);
  [db, nginx] = await Promise.all([
    startPostgres(),
    startNginx({ dir: join(dir, 'nginx'), site, ports: [ports.https, ports.http] }),
  ]);
  const env = { TRUSTED_PROXIES: '127.0.0.1/32' };
  a = await startTestConsole({ databaseUrl: db.url, port: instances[0], publicUrl, env });
  b = await startTestConsole({
    databaseUrl: db.url,
    port: instances[1],
    publicUrl,
    env,
    shared: { sandbox: a.sandbox, appId: a.appId, apiKey: a.apiKey },
  });
}, 240_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await nginx?.stop();
  await db?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON
}

/** One request to nginx over HTTPS from `from`, as a browser on the console's own page sends it. */
function viaNginx(
  from: string,
  method: string,
  path: string,
  opts: { body?: unknown; raw?: Buffer; cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const body = opts.raw ?? (opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body)));
  const origin = opts.origin === undefined ? (method === 'GET' ? null : publicUrl) : opts.origin;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: ports.https,
        servername: NAME,
        ca: cert,
        localAddress: from,
        agent: false,
        method,
        path,
        headers: {
          host: `${NAME}:${ports.https}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...(origin ? { origin } : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : null;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const signIn = (from: string, email: string, password: string, headers?: Record<string, string>) =>
  viaNginx(from, 'POST', '/api/auth/sign-in', { body: { email, password }, headers });

const sessionOf = (reply: Reply) =>
  ([reply.headers['set-cookie']].flat().find((c) => c && /^__Host-signdesk=/.test(c)) ?? '').split(';')[0]!;

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const attemptsOn = async (key: string) =>
  Number((await query<{ attempts: number }>('SELECT attempts FROM sign_in_throttle WHERE key = $1', [key]))[0]?.attempts ?? 0);

describe('deploy/nginx/signdesk.conf in front of two instances', () => {
  it('audits each sign-in under the client’s own address, not nginx’s nor a forged X-Forwarded-For', async () => {
    const ok = await signIn(CLIENT_A, 'admin@test.local', PASSWORD, { 'x-forwarded-for': '203.0.113.7' });
    expect(ok.status, ok.text).toBe(200);
    // Secure cookies: the instances learnt the scheme from nginx.
    expect(sessionOf(ok)).toMatch(/^__Host-signdesk=/);
    const wrong = await signIn(CLIENT_B, 'viewer@test.local', 'not the password');
    expect(wrong.status).toBe(401);
    const rows = await query<{ outcome: string; user_email: string | null; target_id: string; details: string }>(
      "SELECT outcome, user_email, target_id, details FROM audit_log WHERE operation = 'auth.sign_in' AND details LIKE '%127.0.0.%' ORDER BY id",
    );
    const addresses = rows.map((r) => [r.outcome, JSON.parse(r.details).address]);
    expect(addresses).toContainEqual(['success', CLIENT_A]);
    expect(addresses).toContainEqual(['failure', CLIENT_B]);
    expect(rows.map((r) => r.details).join()).not.toMatch(/203\.0\.113\.7/);
  });

  it('passes a write from the public origin through to an instance, and refuses one from another origin', async () => {
    const cookie = sessionOf(await signIn(CLIENT_A, 'admin@test.local', PASSWORD));
    const name = `Proxied ${Date.now()}`;
    const headers = { 'sec-fetch-site': 'same-origin' };
    const created = await viaNginx(CLIENT_A, 'POST', '/api/categories', {
      cookie,
      body: { name },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.json.name).toBe(name);
    for (const origin of [`http://${NAME}:${ports.https}`, `https://${NAME}`, 'https://evil.example']) {
      const refused = await viaNginx(CLIENT_A, 'POST', '/api/categories', {
        cookie,
        origin,
        body: { name: `${name} 2` },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(refused.status, origin).toBe(403);
      expect(refused.json.error.code).toBe('CROSS_SITE_REQUEST');
    }
  });

  it('streams an upload to an instance, and refuses a body over client_max_body_size itself', async () => {
    const operator = sessionOf(await signIn(CLIENT_B, 'operator@test.local', PASSWORD));
    const pdf = (await a.sandbox.call('GET', '/api/v1/document-sign-templates/dst_nda/content', { key: a.apiKey })).bytes;
    const boundary = `----signdesk${Date.now()}`;
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proxied.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from(pdf),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': randomUUID() };
    const uploaded = await viaNginx(CLIENT_B, 'POST', '/api/documents', { cookie: operator, raw: form, headers });
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.json.id).toEqual(expect.any(String));
    // Announced at 27 MB: refused on its Content-Length, before a byte of it is read.
    const tooBig = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: ports.https,
          servername: NAME,
          ca: cert,
          agent: false,
          method: 'POST',
          path: '/api/documents',
          headers: { host: `${NAME}:${ports.https}`, 'content-length': String(27 * 1024 * 1024) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(tooBig).toBe(413);
  });

  it('throttles failed sign-ins on the client’s address: A is refused, B and nginx’s own address are not counted for it', async () => {
    const before = await attemptsOn(throttleKey('address', CLIENT_A));
    // Past A's allowance of 20 in a window, attempts are spaced out and then refused (429).
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(CLIENT_A, `nobody-${i}@test.local`, 'guess')));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const throttled = replies.find((r) => r.status === 429)!;
    expect(throttled.json.error.code).toBe('SIGN_IN_THROTTLED');
    expect(throttled.json.error.message).toMatch(/from your network/);
    expect(await attemptsOn(throttleKey('address', CLIENT_A))).toBe(before + 30);
    // B, behind the same nginx, still signs in; nothing was counted on nginx's address.
    const bSigns = await signIn(CLIENT_B, 'sender@test.local', PASSWORD);
    expect(bSigns.status, bSigns.text).toBe(200);
    expect(await attemptsOn(throttleKey('address', '127.0.0.1'))).toBe(0);
    expect(await attemptsOn(throttleKey('address', '203.0.113.7'))).toBe(0);
    // Both instances took A's attempts (the audit names the instance by host and port).
    const instances = await query<{ instance: string }>(
      "SELECT DISTINCT instance FROM audit_log WHERE operation = 'auth.sign_in' AND target_id LIKE 'nobody-%'",
    );
    expect(instances.map((r) => r.instance.replace(/^.*:/, '')).sort()).toEqual(
      [a.url, b.url].map((u) => new URL(u).port).sort(),
    );
  }, 60_000);

  it(`refuses a client’s request past ${PER_CLIENT} in progress with 429 in the console’s error shape, others unaffected`, async () => {
    expect(PER_CLIENT).toBeGreaterThan(0);
    // Requests whose body never comes stay in progress at nginx (it reads bodies before passing them on).
    const held: TLSSocket[] = await Promise.all(
      Array.from(
        { length: PER_CLIENT },
        () =>
          new Promise<TLSSocket>((resolve, reject) => {
            const socket = tlsConnect(
              // From A's address: tls.connect takes a socket already bound to it.
              {
                socket: netConnect({ host: '127.0.0.1', port: ports.https, localAddress: CLIENT_A }),
                servername: NAME,
                ca: cert,
              },
              () => {
                socket.write(
                  `POST /api/auth/sign-in HTTP/1.1\r\nHost: ${NAME}:${ports.https}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
                );
                resolve(socket);
              },
            );
            socket.once('error', reject);
          }),
      ),
    );
    try {
      // nginx counts a request once it has read its headers: wait until all are counted.
      let over: Reply | undefined;
      for (let i = 0; i < 50 && over?.status !== 429; i++) {
        over = await viaNginx(CLIENT_A, 'GET', '/api/health/live');
        if (over.status !== 429) await new Promise((r) => setTimeout(r, 100));
      }
      expect(over!.status).toBe(429);
      expect(over!.json.error).toMatchObject({
        code: 'TOO_MANY_CONNECTIONS',
        request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      expect(over!.headers['retry-after']).toBe('5');
      expect((await viaNginx(CLIENT_B, 'GET', '/api/health/live')).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
    let again: Reply | undefined;
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      again = await viaNginx(CLIENT_A, 'GET', '/api/health/live');
      if (again.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(again!.status).toBe(200);
  });

  it('sends plain HTTP to HTTPS, and answers no other name', async () => {
    const get = (host: string) =>
      new Promise<{ status: number; location?: string }>((resolve, reject) => {
        const req = plainRequest(
          { host: '127.0.0.1', port: ports.http, path: '/packages?x=1', headers: { host }, agent: false },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await get(NAME)).toEqual({ status: 301, location: `https://${NAME}/packages?x=1` });
    // 444: nginx closes the connection without an answer.
    await expect(get('evil.example')).rejects.toThrow(/socket hang up|ECONNRESET/);
    // Over TLS, another name is refused in the handshake: no certificate shown, no instance reached.
    await expect(
      new Promise((resolve, reject) => {
        const socket = tlsConnect(
          { host: '127.0.0.1', port: ports.https, servername: 'evil.example', rejectUnauthorized: false },
          () => resolve(socket.getPeerCertificate()),
        );
        socket.once('error', reject);
      }),
    ).rejects.toThrow(/alert|handshake|unrecognized name/i);
  });
});

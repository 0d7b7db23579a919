import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, migrate } from '@/server/db/connect';
import { CONSOLE_PORTS, exited, freePort, spawnConsole } from '../support/console-process';
import { auditRow } from '../support/console-rows';
import { cleanEnv } from './project-commands';

// The console server checks every setting before it listens: a bad value is one JSON line naming
// the variable and exit code 1, never a server that answers its health probe and then 500s. It
// stops on SIGTERM after the requests in flight, within SHUTDOWN_TIMEOUT_MS. (Issue 34.)
let dir: string;
let slowApi: Server;
let slowApiUrl: string;
let slowAnswerMs = 1_500;
/** requests the slow API has received: one has, once the console's request is in flight */
let slowApiHits = 0;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-settings-'));
  // An API that takes its time: a request to the console's /api/health is in flight meanwhile.
  slowApi = createHttpServer((_req, res) => {
    slowApiHits++;
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'), slowAnswerMs);
  });
  await new Promise<void>((resolve) => slowApi.listen(0, '127.0.0.1', resolve));
  slowApiUrl = `http://127.0.0.1:${(slowApi.address() as { port: number }).port}`;
});
afterAll(async () => {
  slowApi?.closeAllConnections();
  await new Promise((resolve) => slowApi?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const good = (port: number): Record<string, string> => ({
  SIGNING_API_BASE_URL: slowApiUrl,
  SIGNING_API_KEY: 'sk_test_settings_key_0123',
  SESSION_PASSWORD: 'a-session-password-of-forty-characters-ok',
  CONSOLE_DATA_DIR: join(dir, `console-${port}`),
  PORT: String(port),
  HOST: '127.0.0.1',
});

interface Run {
  child: ChildProcess;
  output: () => string;
  lines: () => Record<string, unknown>[];
}

function run(env: Record<string, string | undefined>, port: number): Run {
  // The test's own environment carries no console setting (cleanEnv): only what each case gives.
  const base = cleanEnv() as Record<string, string | undefined>;
  const child = spawnConsole({
    port,
    env: { ...Object.fromEntries(Object.keys(process.env).map((k) => [k, undefined])), ...base, ...env },
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString('utf8')));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString('utf8')));
  return {
    child,
    output: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** The child's exit code, once it has exited (null when a signal ended it). */
const exitCode = async (child: ChildProcess) => {
  await exited(child);
  return child.exitCode;
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(true))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });

const secretFile = (name: string, content: string) => {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
};

describe('a bad setting stops start-up before the server listens', { timeout: 150_000 }, () => {
  const cases: [string, Record<string, string>, string][] = [
    ['a short session password', { SESSION_PASSWORD: 'short' }, 'SESSION_PASSWORD'],
    ['an API address that is no URL', { SIGNING_API_BASE_URL: 'notaurl' }, 'SIGNING_API_BASE_URL'],
    ['a plain-http API on another host', { SIGNING_API_BASE_URL: 'http://api.example.com' }, 'SIGNING_API_BASE_URL'],
    ['an unknown log level', { LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    ['an API timeout of 10 ms', { SIGNING_API_TIMEOUT_MS: '10' }, 'SIGNING_API_TIMEOUT_MS'],
    ['a one-minute idle session', { SESSION_IDLE_MINUTES: '1' }, 'SESSION_IDLE_MINUTES'],
    ['an OIDC client without an issuer', { OIDC_CLIENT_ID: 'signdesk' }, 'OIDC_ISSUER'],
    ['a non-ASCII instance id', { INSTANCE_ID: 'konsole-ü' }, 'INSTANCE_ID'],
    ['zero days for "expiring soon"', { HOME_EXPIRING_DAYS: '0' }, 'HOME_EXPIRING_DAYS'],
    ['a negative rate limit', { SIGNING_API_RATE_LIMIT_PER_MINUTE: '-5' }, 'SIGNING_API_RATE_LIMIT_PER_MINUTE'],
    ['a MySQL database', { DATABASE_URL: 'mysql://signdesk:hunter2-secret@db.internal/signdesk' }, 'DATABASE_URL'],
    ['a port that is no number', { PORT: 'abc' }, 'PORT'],
    ['a proxy that is no address', { TRUSTED_PROXIES: '10.0.0.0/99' }, 'TRUSTED_PROXIES'],
    ['a public URL with a path', { CONSOLE_PUBLIC_URL: 'https://signdesk.example.com/console' }, 'CONSOLE_PUBLIC_URL'],
    ['a 5 ms body deadline', { REQUEST_BODY_TIMEOUT_MS: '5' }, 'REQUEST_BODY_TIMEOUT_MS'],
    ['no connections at all', { MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS'],
    ['a shutdown deadline that is no number', { SHUTDOWN_TIMEOUT_MS: 'soon' }, 'SHUTDOWN_TIMEOUT_MS'],
    ['a request log that is neither on nor off', { REQUEST_LOG: 'maybe' }, 'REQUEST_LOG'],
    ['zero batches per user', { BULK_BATCHES_PER_USER: '0' }, 'BULK_BATCHES_PER_USER'],
    [
      'a secret file that is not there',
      { SESSION_PASSWORD: '', SESSION_PASSWORD_FILE: '/nonexistent/signdesk-session' },
      'SESSION_PASSWORD_FILE',
    ],
  ];
  it.each(cases)('%s', async (_label, bad, variable) => {
    const port = await freePort(CONSOLE_PORTS);
    const r = run({ ...good(port), ...bad }, port);
    const code = await exitCode(r.child);
    expect(code, r.output()).toBe(1);
    const refusals = r.lines().filter((l) => l.level === 'fatal');
    expect(
      refusals.some((l) => String(l.msg).startsWith(`setting refused: ${variable}`)),
      r.output(),
    ).toBe(true);
    expect(r.output()).not.toMatch(/Ready on/);
    expect(r.output()).not.toContain('hunter2-secret');
  });

  it('reads a secret from its _FILE, and refuses a variable given both ways', async () => {
    const port = await freePort(CONSOLE_PORTS);
    const both = run({ ...good(port), SIGNING_API_KEY_FILE: secretFile('key-both', 'sk_from_a_file_0123456789\n') }, port);
    expect(await exitCode(both.child)).toBe(1);
    expect(both.output()).toContain('setting refused: SIGNING_API_KEY_FILE: SIGNING_API_KEY is set too');

    const fromFile = run(
      { ...good(port), SESSION_PASSWORD: '', SESSION_PASSWORD_FILE: secretFile('session', `${'s'.repeat(40)}\n`) },
      port,
    );
    try {
      await expect.poll(() => fromFile.output(), { timeout: 90_000 }).toMatch(/Ready on/);
    } finally {
      fromFile.child.kill('SIGTERM');
      await exited(fromFile.child);
    }
  });
});

// Each starts a console: on a loaded machine that alone can take most of the default minute.
describe('starting and stopping', { timeout: 150_000 }, () => {
  it('exits 1 naming the port when it is in use', async () => {
    const port = await freePort(CONSOLE_PORTS);
    const taken = createServer().listen(port, '127.0.0.1');
    try {
      const r = run(good(port), port);
      expect(await exitCode(r.child)).toBe(1);
      expect(r.output()).toMatch(/the port is in use \(PORT\)/);
    } finally {
      taken.close();
    }
  });

  it('on SIGTERM stops taking connections, finishes the request in flight, logs it and exits 0', async () => {
    const port = await freePort(CONSOLE_PORTS);
    const r = run(good(port), port);
    try {
      await expect.poll(() => r.output(), { timeout: 90_000 }).toMatch(/Ready on/);
      slowAnswerMs = 1_500;
      const hits = slowApiHits;
      const inFlight = fetch(`http://127.0.0.1:${port}/api/health`);
      // In flight: the console is waiting on the API for it (a request not yet read is not).
      await expect.poll(() => slowApiHits, { timeout: 20_000 }).toBeGreaterThan(hits);
      r.child.kill('SIGTERM');
      await expect.poll(() => listening(port), { timeout: 5_000 }).toBe(false);
      const answer = await inFlight;
      expect([200, 503]).toContain(answer.status);
      expect(await answer.json()).toHaveProperty('signing_api');
      expect(await exitCode(r.child)).toBe(0);
      const said = r.lines().map((l) => String(l.msg));
      expect(said.some((m) => m.startsWith('shutting down'))).toBe(true);
      expect(said).toContain('stopped');
      // Every line is one JSON object naming the instance and the process.
      for (const line of r.lines()) expect(line).toMatchObject({ instance: expect.any(String), pid: expect.any(Number) });
      // The request has its line, with its route, status and time.
      expect(r.lines().find((l) => l.msg === 'request' && l.path === '/api/health')).toMatchObject({
        method: 'GET',
        duration_ms: expect.any(Number),
      });
    } finally {
      if (r.child.exitCode === null) r.child.kill('SIGKILL');
    }
  });

  it('cuts what is still running at SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const port = await freePort(CONSOLE_PORTS);
    const r = run({ ...good(port), SHUTDOWN_TIMEOUT_MS: '500', SIGNING_API_TIMEOUT_MS: '20000' }, port);
    try {
      await expect.poll(() => r.output(), { timeout: 90_000 }).toMatch(/Ready on/);
      slowAnswerMs = 10_000;
      const hits = slowApiHits;
      const inFlight = fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      await expect.poll(() => slowApiHits, { timeout: 20_000 }).toBeGreaterThan(hits);
      const stoppedAt = Date.now();
      r.child.kill('SIGTERM');
      expect(await exitCode(r.child)).toBe(1);
      expect(Date.now() - stoppedAt).toBeLessThan(8_000);
      expect(r.output()).toContain('shutdown deadline passed');
      await inFlight;
    } finally {
      slowAnswerMs = 1_500;
      if (r.child.exitCode === null) r.child.kill('SIGKILL');
    }
  });
});

describe('retention', { timeout: 150_000 }, () => {
  it('prunes audit entries past AUDIT_RETENTION_DAYS soon after start, and keeps the rest', async () => {
    const port = await freePort(CONSOLE_PORTS);
    const env = good(port);
    const conn = await connect({ dataDir: env.CONSOLE_DATA_DIR! });
    const operations = async () =>
      (await conn.selectFrom('audit_log').select('operation').execute()).map((r) => r.operation).sort();
    try {
      await migrate(conn, false);
      await conn
        .insertInto('audit_log')
        .values([
          auditRow(new Date(Date.now() - 40 * 86_400_000).toISOString(), 'retention.old'),
          auditRow(new Date().toISOString(), 'retention.recent'),
        ])
        .execute();
      const r = run({ ...env, AUDIT_RETENTION_DAYS: '30' }, port);
      try {
        // A loaded machine may take a while to start the console; the job runs soon after.
        await expect.poll(() => r.output(), { timeout: 60_000 }).toMatch(/Ready on/);
        await expect.poll(operations, { timeout: 30_000 }).toEqual(['retention.recent']);
        await expect.poll(() => r.output(), { timeout: 5_000 }).toMatch(/pruned what is past its retention/);
      } finally {
        r.child.kill('SIGTERM');
        await exited(r.child);
      }
    } finally {
      await conn.destroy();
    }
  });
});

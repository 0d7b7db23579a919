import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@/lib/roles';
import { startTestSandbox, type TestSandbox } from '@/sandbox/conformance/harness';
import { CONSOLE_PORTS, createUsers, exited, freePort, sessionCookie, spawnConsole, waitForConsole } from '../support/test-stack';

export const PASSWORD = 'correct-horse-battery-staple';
export const ROLES_UNDER_TEST: Role[] = ['viewer', 'operator', 'sender', 'admin'];

export interface ConsoleReply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON
  bytes: Buffer;
}

export interface CallOptions {
  cookie?: string | null;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  /** Origin header: defaults to the console's own origin on mutations; null sends none */
  origin?: string | null;
}

export interface TestConsole {
  url: string;
  sandbox: TestSandbox;
  /** console app id on the sandbox, for counting what reached it */
  appId: string;
  /** the API key the console holds (a secret the leak test looks for) */
  apiKey: string;
  /** the console's data directory (console.db, console.log) */
  dataDir: string;
  /** the SESSION_PASSWORD the console was started with */
  sessionPassword: string;
  logFile: string;
  cookies: Record<Role, string>;
  call(method: string, path: string, opts?: CallOptions): Promise<ConsoleReply>;
  signIn(email: string, password?: string): Promise<{ reply: ConsoleReply; cookie: string | null }>;
  /**
   * Stops the console process with `signal` (SIGKILL: it dies mid-work, as with kill -9) and
   * starts it again on the same port, data and settings; the sessions stay valid.
   */
  restart(signal?: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

export { CONSOLE_PORTS } from '../support/console-process';

export const DEFAULT_SESSION_PASSWORD = 'test-session-password-0123456789-abcdefghijkl';

/**
 * A built console (`next start`, so `next build` must have run) against an in-process
 * sandbox, with one account per role already signed in. An `env` value of undefined removes
 * that variable from the console's environment.
 */
export interface ConsoleOptions {
  env?: Record<string, string | undefined>;
  apiKey?: string;
  /** share a sandbox (and its app) with another console instead of starting one */
  shared?: { sandbox: TestSandbox; appId: string; apiKey: string };
  /** PostgreSQL instead of a private SQLite file; accounts are made once and then reused */
  databaseUrl?: string;
  /** the console's port, when the test must know its address first (a provider's redirect URL) */
  port?: number;
  /**
   * The console sits behind a reverse proxy at this URL (its CONSOLE_PUBLIC_URL): the harness's
   * own calls still go straight to the instance, as that proxy passes them on (X-Forwarded-Host
   * and -Proto of this URL, and its origin as Origin), so the proxy must be a TRUSTED_PROXIES address.
   */
  publicUrl?: string;
}

export async function startTestConsole(opts: ConsoleOptions = {}): Promise<TestConsole> {
  const sandbox = opts.shared?.sandbox ?? (await startTestSandbox());
  const appId = opts.shared?.appId ?? `console_${Date.now()}`;
  const key = opts.shared?.apiKey ?? opts.apiKey ?? (await sandbox.newKey({ appId }));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-test-'));
  await createUsers({
    dataDir,
    databaseUrl: opts.databaseUrl,
    users: ROLES_UNDER_TEST.map((role) => ({
      email: `${role}@test.local`,
      name: `Test ${role}`,
      password: PASSWORD,
      roles: [role],
    })),
    keepExisting: true,
  });

  const port = opts.port ?? (await freePort(CONSOLE_PORTS));
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'console.log');
  const log = createWriteStream(logFile);
  const env: Record<string, string | undefined> = {
    SIGNING_API_BASE_URL: sandbox.url,
    SIGNING_API_KEY: key,
    SESSION_PASSWORD: DEFAULT_SESSION_PASSWORD,
    CONSOLE_DATA_DIR: dataDir,
    SANDBOX_CONTROL_URL: sandbox.url,
    SANDBOX_CONTROL_TOKEN: sandbox.controlToken,
    LOG_LEVEL: 'info',
    // The tests are the console's proxy: they set X-Forwarded-For/Proto to play many clients.
    // Suites about spoofing start a console with this removed.
    TRUSTED_PROXIES: 'loopback',
    // The watcher reads the API's lists on its own every 30 s by default: suites that count the
    // key's calls would count its too. Suites about the watcher (or what it feeds) turn it on.
    WATCHER_INTERVAL_SECONDS: '0',
    // Likewise the notify job, which probes the API's health each run (for admins' alerts).
    NOTIFY_INTERVAL_SECONDS: '3600',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(opts.publicUrl ? { CONSOLE_PUBLIC_URL: opts.publicUrl } : {}),
    ...opts.env,
  };
  const publicUrl = opts.publicUrl ? new URL(opts.publicUrl) : null;
  const asProxied: Record<string, string> = publicUrl
    ? { 'x-forwarded-host': publicUrl.host, 'x-forwarded-proto': publicUrl.protocol.replace(':', '') }
    : {};
  let child = spawnConsole({ port, env });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
    if (!opts.shared) await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const call = async (method: string, path: string, o: CallOptions = {}): Promise<ConsoleReply> => {
    const headers: Record<string, string> = { ...asProxied, ...o.headers };
    if (o.cookie) headers.cookie = o.cookie;
    const origin = o.origin === undefined ? (method === 'GET' ? undefined : (publicUrl?.origin ?? url)) : o.origin;
    if (origin) headers.origin = origin;
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    let body = o.rawBody;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = (res.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(bytes.toString('utf8')) : null;
    return { status: res.status, headers: res.headers, body: json, bytes };
  };

  const signIn = async (email: string, password = PASSWORD) => {
    const reply = await call('POST', '/api/auth/sign-in', { body: { email, password } });
    // The session cookie alone; a device cookie (server/auth/device-cookie.ts) may come beside it.
    return { reply, cookie: sessionCookie(reply.headers) };
  };

  const cookies = {} as Record<Role, string>;
  try {
    await waitForConsole({
      url,
      child,
      path: '/api/health',
      ready: (res) => res.status < 500 || res.status === 503,
      intervalMs: 250,
    });
    for (const role of ROLES_UNDER_TEST) {
      const { cookie, reply } = await signIn(`${role}@test.local`);
      if (!cookie) throw new Error(`sign-in as ${role} failed: ${reply.status} ${reply.bytes.toString()}`);
      cookies[role] = cookie;
    }
  } catch (err) {
    // A console that did not come up must not outlive the test run.
    const log = readFileSync(logFile, 'utf8').slice(-2000);
    await stop();
    throw new Error(`${(err as Error).message}\n--- console log (tail) ---\n${log}`, { cause: err });
  }

  const restart = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited(child);
    }
    child = spawnConsole({ port, env });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    await waitForConsole({ url, child, path: '/api/health', ready: (res) => res.status < 500 || res.status === 503, intervalMs: 250 });
  };

  return {
    url,
    sandbox,
    appId,
    restart,
    apiKey: key,
    dataDir,
    sessionPassword: env.SESSION_PASSWORD ?? '',
    logFile,
    cookies,
    call,
    signIn,
    close: stop,
  };
}

export const readLog = (t: TestConsole) => readFileSync(t.logFile, 'utf8');

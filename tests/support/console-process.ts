import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { consoleServerArgs } from '../../scripts/lib/console-server-entry.ts';

// Starting a console as a process and waiting for it: free ports, `next start` through
// scripts/console-server.ts, its output and its exit. Nothing here opens the console's
// database, so the browser journeys (which cannot import the server's modules) use it too.

/** The repository root, where the console is started from. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

const anyPort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });

export interface PortRange {
  from: number;
  /** exclusive */
  to: number;
  /** ports already handed out by the caller, skipped and then added to */
  taken?: Set<number>;
  /** how many random picks before giving up; unlimited by default */
  attempts?: number;
}

/**
 * Ports for the console, below Linux's ephemeral range (32768 and up): between the check and
 * the console binding it, a sandbox started with port 0 by a suite running alongside could
 * otherwise be handed the same port, and the console's requests would reach it.
 */
export const CONSOLE_PORTS = { from: 20_000, to: 32_000 };

/** A port nothing listens on: any the system hands out, or a random one in `range`. */
export async function freePort(range?: PortRange): Promise<number> {
  if (!range) return anyPort();
  for (let i = 0; i < (range.attempts ?? Infinity); i++) {
    const port = range.from + Math.floor(Math.random() * (range.to - range.from));
    if (!range.taken?.has(port) && (await bindable(port))) {
      range.taken?.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${range.from}-${range.to - 1}`);
}

/**
 * `next start` of the build in NEXT_DIST_DIR on 127.0.0.1:`port`, output piped for the caller
 * to keep. `env` adds to this process's environment; a value of undefined removes that variable.
 */
export function spawnConsole(opts: { port: number; env: Record<string, string | undefined>; nodeArgs?: string[] }): ChildProcess {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    ...opts.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return spawn(process.execPath, [...(opts.nodeArgs ?? []), ...consoleServerArgs()], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Keeps the last `limit` characters a child writes (stdout and stderr), for an error to show. */
export function keepTail(child: ChildProcess, limit = 8000): () => string {
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-limit);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => tail;
}

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

export interface WaitOptions {
  url: string;
  child: ChildProcess;
  /** what to fetch: the liveness probe by default */
  path?: string;
  /** whether an answer means the console is up: a 2xx by default */
  ready?: (res: Response) => boolean;
  timeoutMs?: number;
  intervalMs?: number;
  /** the console's output so far, added to the error */
  log?: () => string;
}

/** Resolves once the console answers; throws when it exits first or does not answer in time. */
export async function waitForConsole(opts: WaitOptions): Promise<void> {
  const { url, child, path = '/api/health/live', ready = (res) => res.ok, timeoutMs = 60_000, intervalMs = 200 } = opts;
  const deadline = Date.now() + timeoutMs;
  const tail = () => (opts.log ? `:\n${opts.log()}` : '');
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the console exited (${child.exitCode ?? child.signalCode})${tail()}`);
    }
    try {
      if (ready(await fetch(`${url}${path}`))) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`the console did not answer within ${Math.round(timeoutMs / 1000)} s${tail()}`);
}

/** The session cookie (`name=value`) a sign-in set, beside any device cookie, or null. */
export function sessionCookie(headers: Headers): string | null {
  const session = headers.getSetCookie().find((c) => /^(__Host-)?signdesk=/.test(c));
  return session ? session.split(';')[0]! : null;
}

/** Signs in at the console `url` (from `address` when it sits behind a proxy); the answer and its session cookie. */
export async function signInAt(opts: { url: string; email: string; password: string; address?: string }) {
  const res = await fetch(`${opts.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: opts.url,
      ...(opts.address ? { 'x-forwarded-for': opts.address } : {}),
    },
    body: JSON.stringify({ email: opts.email, password: opts.password }),
  });
  return { res, cookie: sessionCookie(res.headers) };
}

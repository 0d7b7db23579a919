import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUser } from '../../server/users/users.ts';
import { openConsoleDb } from '../../scripts/lib/console-db.ts';
import { startEmbeddedSandbox } from '../../scripts/lib/embedded-sandbox.ts';

// A sandbox and a built console (`next start`), each in its own process, with one signed-in
// admin: what the console benches measure against. The users module imports 'server-only',
// so benches using this run under `node --conditions=react-server --import tsx`.

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Stack {
  sandboxUrl: string;
  consoleUrl: string;
  apiKey: string;
  /** the process that serves the console's port (`next start` itself or its child) */
  consolePid: number;
  /** A fresh session cookie (`name=value`) of the admin, or of one of the operators, from `address` when behind a proxy. */
  signIn(email?: string, address?: string): Promise<string>;
  /** the operators created (operator and sender roles), all with the admin's password */
  operators: string[];
  /** API requests the sandbox has seen from the console's key so far */
  upstreamRequests(): Promise<number>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /**
   * The key's limit on the sandbox, told to the console too (as `npm start` does with the
   * embedded sandbox); 0, the default, measures the console without one.
   */
  rateLimitPerMinute?: number;
  /** operators to create besides the admin */
  operators?: number;
  /**
   * The console behind a reverse proxy on loopback (TRUSTED_PROXIES=loopback), so that
   * simulated people each come from an address of their own (X-Forwarded-For), as they would.
   */
  behindProxy?: boolean;
}

export const machine = () => ({
  cpus: cpus().length,
  cpu_model: cpus()[0]?.model ?? '?',
  load_avg_1m: Number(loadavg()[0]!.toFixed(2)),
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

async function waitForConsole(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the console did not answer within 60 s:\n${log()}`);
}

/** pid and every descendant, from /proc/<pid>/task/<tid>/children. */
export function descendants(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const tid of readdirSync(`/proc/${out[i]}/task`)) {
        const kids = readFileSync(`/proc/${out[i]}/task/${tid}/children`, 'utf8').trim();
        if (kids) out.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      // the process went away
    }
  }
  return out;
}

/** The pid among `pids` holding the listening socket on `port` (via /proc/net/tcp{,6} inodes). */
export function listeningPid(pids: number[], port: number): number | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT, st 0A is LISTEN, column 9 the socket inode
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A' && cols[9]) inodes.add(`socket:[${cols[9]}]`);
    }
  }
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return pid;
        } catch {
          // fd closed meanwhile
        }
      }
    } catch {
      // not ours to read, or gone
    }
  }
  return null;
}

/** Resident set size of a process in bytes (VmRSS), or null when it is gone. */
export function rssBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Sandbox (child process, key without rate limit), console database with one admin, and
 * `next start` of the build in NEXT_DIST_DIR (default .next) on a free port.
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const rateLimit = opts.rateLimitPerMinute ?? 0;
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(join(root, distDir, 'BUILD_ID'))) {
    throw new Error(`no production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first`);
  }
  const sandboxDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
  const consoleDir = mkdtempSync(join(tmpdir(), 'bench-console-'));
  const controlToken = `bench-${randomBytes(16).toString('hex')}`;
  const children: ChildProcess[] = [];
  const onSignal = (signal: NodeJS.Signals) => {
    void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    for (const child of children.splice(0).reverse()) {
      child.kill('SIGTERM');
      const stuck = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(stuck);
    }
    rmSync(sandboxDir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  };
  try {
    const sandbox = await startEmbeddedSandbox({
      dataDir: sandboxDir,
      port: 0,
      quiet: true,
      controlToken,
      key: { appId: 'signdesk_bench', ratePerMinute: rateLimit },
    });
    children.push(sandbox.child);
    const apiKey = sandbox.apiKey;

    // The console database as `next start` will open it (same directory, same migrations).
    const email = `bench-${randomBytes(4).toString('hex')}@bench.local`;
    const password = `bench-${randomBytes(12).toString('base64url')}`;
    process.env.CONSOLE_DATA_DIR = consoleDir;
    delete process.env.DATABASE_URL; // the embedded SQLite default is what is measured
    const conn = await openConsoleDb();
    const operators = Array.from(
      { length: opts.operators ?? 0 },
      (_, i) => `bench-op-${i + 1}-${randomBytes(3).toString('hex')}@bench.local`,
    );
    try {
      await createUser(conn, { email, name: 'Bench Admin', password, roles: ['admin'] });
      for (const [i, op] of operators.entries())
        await createUser(conn, { email: op, name: `Operator ${i + 1}`, password, roles: ['operator', 'sender'] });
    } finally {
      await conn.destroy();
    }

    const port = await freePort();
    const consoleUrl = `http://127.0.0.1:${port}`;
    let log = '';
    // BENCH_CONSOLE_NODE_ARGS: node flags for the console (say --cpu-prof), which NODE_OPTIONS refuses.
    const nodeArgs = (process.env.BENCH_CONSOLE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'scripts/console-server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        NEXT_DIST_DIR: distDir,
        SIGNING_API_BASE_URL: sandbox.url,
        SIGNING_API_KEY: apiKey,
        SIGNING_API_RATE_LIMIT_PER_MINUTE: String(rateLimit),
        TRUSTED_PROXIES: opts.behindProxy ? 'loopback' : '',
        SESSION_PASSWORD: `bench-session-${randomBytes(24).toString('hex')}`,
        CONSOLE_DATA_DIR: consoleDir,
        LOG_LEVEL: 'warn',
        NEXT_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', (chunk: Buffer) => {
      keep(chunk);
      process.stderr.write(`[console] ${chunk.toString()}`);
    });
    await waitForConsole(consoleUrl, child, () => log);
    const consolePid = listeningPid(descendants(child.pid!), port) ?? child.pid!;

    const signIn = async (as = email, address?: string) => {
      const res = await fetch(`${consoleUrl}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: consoleUrl, ...(address ? { 'x-forwarded-for': address } : {}) },
        body: JSON.stringify({ email: as, password }),
      });
      const cookie = res.headers.get('set-cookie')?.split(';')[0];
      if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return cookie;
    };
    const upstreamRequests = async () => {
      const res = await fetch(`${sandbox.url}/__sandbox/stats`, { headers: { 'x-sandbox-control': controlToken } });
      const body = (await res.json()) as { requests_by_app?: Record<string, number> };
      return body.requests_by_app?.signdesk_bench ?? 0;
    };
    return { sandboxUrl: sandbox.url, consoleUrl, apiKey, consolePid, signIn, operators, upstreamRequests, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

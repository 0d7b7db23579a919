import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedSandbox } from '../../scripts/lib/embedded-sandbox.ts';
import {
  createUsers,
  exited,
  freePort,
  keepTail,
  root,
  signInAt,
  spawnConsole,
  waitForConsole,
} from '../../tests/support/test-stack.ts';

// A sandbox and a built console (`next start`), each in its own process, with one signed-in
// admin: what the console benches measure against. The users module imports 'server-only',
// so benches using this run under `node --conditions=react-server --import tsx`.

export { root };

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
  /** A call to the sandbox's control plane (DESIGN.md §4): a recipient's action, the clock. */
  control(path: string, body: unknown): Promise<Response>;
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
  /** more settings for the console (SMTP_URL, …), over the stack's own */
  env?: Record<string, string>;
  /** CONSOLE_PUBLIC_URL set to the console's own address (what mail links and SMTP_URL need) */
  publicUrl?: boolean;
}

export const machine = () => ({
  cpus: cpus().length,
  cpu_model: cpus()[0]?.model ?? '?',
  load_avg_1m: Number(loadavg()[0]!.toFixed(2)),
});

/** The build in NEXT_DIST_DIR (default .next) the benches start, refused when there is none. */
export function builtDistDir(): string {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(join(root, distDir, 'BUILD_ID'))) {
    throw new Error(`no production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first`);
  }
  return distDir;
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
  const distDir = builtDistDir();
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
    const operators = Array.from(
      { length: opts.operators ?? 0 },
      (_, i) => `bench-op-${i + 1}-${randomBytes(3).toString('hex')}@bench.local`,
    );
    await createUsers({
      dataDir: consoleDir,
      users: [
        { email, name: 'Bench Admin', password, roles: ['admin'] },
        ...operators.map((op, i) => ({
          email: op,
          name: `Operator ${i + 1}`,
          password,
          roles: ['operator' as const, 'sender' as const],
        })),
      ],
    });

    const port = await freePort();
    const consoleUrl = `http://127.0.0.1:${port}`;
    // BENCH_CONSOLE_NODE_ARGS: node flags for the console (say --cpu-prof), which NODE_OPTIONS refuses.
    const nodeArgs = (process.env.BENCH_CONSOLE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawnConsole({
      port,
      nodeArgs,
      env: {
        NEXT_DIST_DIR: distDir,
        SIGNING_API_BASE_URL: sandbox.url,
        SIGNING_API_KEY: apiKey,
        SIGNING_API_RATE_LIMIT_PER_MINUTE: String(rateLimit),
        TRUSTED_PROXIES: opts.behindProxy ? 'loopback' : '',
        SESSION_PASSWORD: `bench-session-${randomBytes(24).toString('hex')}`,
        CONSOLE_DATA_DIR: consoleDir,
        DATABASE_URL: undefined, // the embedded SQLite default is what is measured
        LOG_LEVEL: 'warn',
        NEXT_TELEMETRY_DISABLED: '1',
        ...(opts.publicUrl ? { CONSOLE_PUBLIC_URL: consoleUrl } : {}),
        ...opts.env,
      },
    });
    children.push(child);
    const log = keepTail(child);
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[console] ${chunk.toString()}`));
    await waitForConsole({ url: consoleUrl, child, log });
    const consolePid = listeningPid(descendants(child.pid!), port) ?? child.pid!;

    const signIn = async (as = email, address?: string) => {
      const { res, cookie } = await signInAt({ url: consoleUrl, email: as, password, address });
      if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return cookie;
    };
    const upstreamRequests = async () => {
      const res = await fetch(`${sandbox.url}/__sandbox/stats`, { headers: { 'x-sandbox-control': controlToken } });
      const body = (await res.json()) as { requests_by_app?: Record<string, number> };
      return body.requests_by_app?.signdesk_bench ?? 0;
    };
    const control = (path: string, body: unknown) =>
      fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'x-sandbox-control': controlToken, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    return { sandboxUrl: sandbox.url, consoleUrl, apiKey, consolePid, signIn, operators, upstreamRequests, control, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

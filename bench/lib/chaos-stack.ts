import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '../../server/users/users.ts';
import { openConsoleDb } from '../../scripts/lib/console-db.ts';
import { startEmbeddedSandbox, type EmbeddedSandbox } from '../../scripts/lib/embedded-sandbox.ts';
import { startLossyProxy, type LossRates, type LossyProxy } from './lossy-proxy.ts';
import { descendants, listeningPid, root } from './stack.ts';

// The chaos bench's world: sandbox <- lossy proxy <- console (`next start` of NEXT_DIST_DIR),
// each on a fixed port from 35000-39999, so that either server can be killed with SIGKILL and
// started again on the same port, data directory and database, as a crashed host would be.

export interface ChaosStack {
  consoleUrl: string;
  /** the sandbox itself, not through the proxy: the verdict reads here */
  sandboxUrl: string;
  apiKey: string;
  controlToken: string;
  proxy: LossyProxy;
  /** admins, one per simulated browser */
  users: string[];
  signIn(email: string): Promise<string>;
  /** SIGKILL of the process serving the console's port (and its tree), then a start on the same port */
  crashConsole(): Promise<{ killedPid: number; downMs: number }>;
  /** SIGKILL of the sandbox child, then a start on the same port and data directory */
  crashSandbox(): Promise<{ killedPid: number; downMs: number }>;
  stop(): Promise<void>;
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer().once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** A free port from the range this machine's shared users agreed on for benches. */
async function pickPort(taken: Set<number>): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 35_000 + Math.floor(Math.random() * 5_000);
    if (!taken.has(port) && (await portIsFree(port))) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('no free port in 35000-39999');
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

async function waitForLive(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the console exited with code ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the console did not answer within 90 s:\n${log()}`);
}

function killTree(pid: number) {
  for (const p of descendants(pid).reverse()) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export async function startChaosStack(opts: { browsers: number; rates: LossRates }): Promise<ChaosStack> {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(join(root, distDir, 'BUILD_ID'))) {
    throw new Error(`no production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first`);
  }
  const ports = new Set<number>();
  const [sandboxPort, proxyPort, consolePort] = [await pickPort(ports), await pickPort(ports), await pickPort(ports)];
  const sandboxDir = mkdtempSync(join(tmpdir(), 'chaos-sandbox-'));
  const consoleDir = mkdtempSync(join(tmpdir(), 'chaos-console-'));
  const keyFile = join(consoleDir, 'sandbox-key.json');
  const controlToken = `chaos-${randomBytes(16).toString('hex')}`;
  const sessionPassword = `chaos-session-${randomBytes(24).toString('hex')}`;
  const password = `chaos-${randomBytes(12).toString('base64url')}`;

  const startSandbox = () =>
    startEmbeddedSandbox({
      dataDir: sandboxDir,
      port: sandboxPort,
      quiet: true,
      controlToken,
      keyFile,
      key: { appId: 'signdesk_chaos', ratePerMinute: 0 },
    });
  let sandbox: EmbeddedSandbox = await startSandbox();
  const apiKey = sandbox.apiKey;
  let proxy: LossyProxy | null = null;
  let consoleChild: ChildProcess | null = null;
  const abandon = async () => {
    await proxy?.close();
    for (const child of [consoleChild, sandbox.child]) if (child?.pid) killTree(child.pid);
    rmSync(sandboxDir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  };
  try {
    proxy = await startLossyProxy({ port: proxyPort, upstreamPort: sandboxPort, rates: opts.rates });
    return await consoleSide(proxy);
  } catch (err) {
    await abandon();
    throw err;
  }

  async function consoleSide(proxy: LossyProxy): Promise<ChaosStack> {
    process.env.CONSOLE_DATA_DIR = consoleDir;
    delete process.env.DATABASE_URL;
    const users = Array.from({ length: opts.browsers }, (_, i) => `chaos-${i + 1}-${randomBytes(3).toString('hex')}@bench.local`);
    const conn = await openConsoleDb();
    try {
      for (const [i, email] of users.entries())
        await createUser(conn, { email, name: `Chaos browser ${i + 1}`, password, roles: ['admin'] });
    } finally {
      await conn.destroy();
    }

    const consoleUrl = `http://127.0.0.1:${consolePort}`;
    let log = '';
    const startConsole = async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/console-server.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(consolePort),
          HOST: '127.0.0.1',
          NEXT_DIST_DIR: distDir,
          SIGNING_API_BASE_URL: `http://127.0.0.1:${proxyPort}`,
          SIGNING_API_KEY: apiKey,
          SIGNING_API_RATE_LIMIT_PER_MINUTE: '0',
          TRUSTED_PROXIES: '',
          SESSION_PASSWORD: sessionPassword,
          CONSOLE_DATA_DIR: consoleDir,
          // The proxy's losses make the console warn on every retry; errors are what matter here.
          LOG_LEVEL: 'error',
          NEXT_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-8000);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      consoleChild = child;
      await waitForLive(consoleUrl, child, () => log);
    };
    await startConsole();

    const signIn = async (email: string) => {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${consoleUrl}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: consoleUrl },
          body: JSON.stringify({ email, password }),
        });
        const cookie = res.headers.get('set-cookie')?.split(';')[0];
        if (res.status === 200 && cookie) return cookie;
        if (attempt >= 5) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
        await new Promise((r) => setTimeout(r, 500 * attempt));
      }
    };

    const crashConsole = async () => {
      const child = consoleChild!;
      const pid = listeningPid(descendants(child.pid!), consolePort) ?? child.pid!;
      const started = Date.now();
      killTree(child.pid!);
      killTree(pid);
      await exited(child);
      await startConsole();
      return { killedPid: pid, downMs: Date.now() - started };
    };

    const crashSandbox = async () => {
      const pid = sandbox.child.pid!;
      const started = Date.now();
      killTree(pid);
      await exited(sandbox.child);
      sandbox = await startSandbox();
      if (sandbox.apiKey !== apiKey)
        throw new Error('the restarted sandbox did not accept the saved key: its state did not survive');
      return { killedPid: pid, downMs: Date.now() - started };
    };

    const stop = async () => {
      await proxy.close().catch(() => undefined);
      for (const child of [consoleChild, sandbox.child]) {
        if (child && child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const stuck = setTimeout(() => killTree(child.pid!), 10_000);
          await exited(child);
          clearTimeout(stuck);
        }
      }
      rmSync(sandboxDir, { recursive: true, force: true });
      rmSync(consoleDir, { recursive: true, force: true });
    };

    return { consoleUrl, sandboxUrl: sandbox.url, apiKey, controlToken, proxy, users, signIn, crashConsole, crashSandbox, stop };
  }
}

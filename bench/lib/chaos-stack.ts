import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedSandbox, type EmbeddedSandbox } from '../../scripts/lib/embedded-sandbox.ts';
import {
  createUsers,
  exited,
  freePort,
  keepTail,
  signInAt,
  spawnConsole,
  waitForConsole,
} from '../../tests/support/test-stack.ts';
import { startLossyProxy, type LossRates, type LossyProxy } from './lossy-proxy.ts';
import { builtDistDir, descendants, listeningPid } from './stack.ts';

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

/** The range this machine's shared users agreed on for benches. */
const CHAOS_PORTS = { from: 35_000, to: 40_000, attempts: 200 };

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
  const distDir = builtDistDir();
  const ports = { ...CHAOS_PORTS, taken: new Set<number>() };
  const [sandboxPort, proxyPort, consolePort] = [await freePort(ports), await freePort(ports), await freePort(ports)];
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
    const users = Array.from({ length: opts.browsers }, (_, i) => `chaos-${i + 1}-${randomBytes(3).toString('hex')}@bench.local`);
    await createUsers({
      dataDir: consoleDir,
      users: users.map((email, i) => ({ email, name: `Chaos browser ${i + 1}`, password, roles: ['admin' as const] })),
    });

    const consoleUrl = `http://127.0.0.1:${consolePort}`;
    const startConsole = async () => {
      const child = spawnConsole({
        port: consolePort,
        env: {
          NEXT_DIST_DIR: distDir,
          SIGNING_API_BASE_URL: `http://127.0.0.1:${proxyPort}`,
          SIGNING_API_KEY: apiKey,
          SIGNING_API_RATE_LIMIT_PER_MINUTE: '0',
          TRUSTED_PROXIES: '',
          SESSION_PASSWORD: sessionPassword,
          CONSOLE_DATA_DIR: consoleDir,
          DATABASE_URL: undefined,
          // The proxy's losses make the console warn on every retry; errors are what matter here.
          LOG_LEVEL: 'error',
          NEXT_TELEMETRY_DISABLED: '1',
        },
      });
      consoleChild = child;
      await waitForConsole({ url: consoleUrl, child, log: keepTail(child), timeoutMs: 90_000, intervalMs: 150 });
    };
    await startConsole();

    const signIn = async (email: string) => {
      for (let attempt = 1; ; attempt++) {
        const { res, cookie } = await signInAt({ url: consoleUrl, email, password });
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

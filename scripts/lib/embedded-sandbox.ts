import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SCOPES, type RequesterRole, type Scope } from '../../sandbox/keys.ts';

export interface EmbeddedSandbox {
  url: string;
  controlToken: string;
  apiKey: string;
  child: ChildProcess;
  /** SIGTERM, resolved once the sandbox has exited */
  stop(): Promise<void>;
}

export interface SandboxStart {
  dataDir: string;
  /** 0 for any free port */
  port: number;
  /** where the console's key is kept and reused while the sandbox accepts it; none: a new key per start */
  keyFile?: string;
  /** no sandbox log lines on stdout (warnings and errors still reach stderr) */
  quiet?: boolean;
  /** the control-plane token; by default SANDBOX_CONTROL_TOKEN, else a new one per start */
  controlToken?: string;
  /** the key to provision: the console's by default (every scope, admin, the sandbox's default rate limit) */
  key?: { appId: string; scopes?: readonly Scope[]; role?: RequesterRole; ratePerMinute?: number };
}

const MAIN = fileURLToPath(new URL('../../sandbox/main.ts', import.meta.url));

/**
 * Starts `sandbox/main.ts` as a child process, waits for it to listen, and provisions an
 * API key through the control plane. `npm start` and the benches start their sandbox here.
 */
export async function startEmbeddedSandbox(opts: SandboxStart): Promise<EmbeddedSandbox> {
  // A fixed token may be supplied (tests drive the control plane); otherwise one per start.
  // An empty SANDBOX_CONTROL_TOKEN (as in .env.example) is unset.
  const controlToken = opts.controlToken ?? (process.env.SANDBOX_CONTROL_TOKEN || randomBytes(24).toString('base64url'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(opts.port),
      SANDBOX_DATA_DIR: opts.dataDir,
      SANDBOX_CONTROL_TOKEN: controlToken,
      SANDBOX_READY_LINE: '1',
      SANDBOX_LOG_LEVEL: process.env.SANDBOX_LOG_LEVEL ?? (opts.quiet ? 'warn' : 'info'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = await new Promise<string>((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('The embedded sandbox did not start within 60 s.')), 60_000);
    child.once('exit', (code) => reject(new Error(`The embedded sandbox exited during start-up (code ${code}).`)));
    lines.on('line', (line) => {
      const ready = /^SANDBOX_READY (\S+)$/.exec(line);
      if (ready) {
        clearTimeout(timer);
        // A wildcard bind (SANDBOX_HOST=0.0.0.0) is reached over loopback, which the console
        // accepts over plain HTTP; any other address would have to be HTTPS.
        resolveUrl(ready[1]!.replace(/^http:\/\/(0\.0\.0\.0|\[::\])(?=:)/, 'http://127.0.0.1'));
      } else if (!opts.quiet) {
        process.stdout.write(`[sandbox] ${line}\n`);
      }
    });
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  try {
    const apiKey = opts.keyFile ? ((await savedKey(url, opts.keyFile)) ?? (await newKey(url, controlToken, opts.key, opts.keyFile))) : await newKey(url, controlToken, opts.key);
    return { url, controlToken, apiKey, child, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function savedKey(url: string, keyFile: string): Promise<string | null> {
  try {
    const saved = JSON.parse(readFileSync(keyFile, 'utf8')) as { api_key?: string };
    if (!saved.api_key) return null;
    const probe = await fetch(`${url}/api/v1/categories?size=25`, {
      headers: { authorization: `Bearer ${saved.api_key}`, 'x-service-environment': 'sandbox' },
    });
    return probe.ok ? saved.api_key : null;
  } catch {
    return null; // no saved key yet
  }
}

async function newKey(url: string, controlToken: string, key: SandboxStart['key'], keyFile?: string): Promise<string> {
  const res = await fetch(`${url}/__sandbox/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-control': controlToken },
    body: JSON.stringify({
      app_id: key?.appId ?? 'signdesk-console',
      scopes: key?.scopes ?? SCOPES,
      requester_role: key?.role ?? 'admin',
      // 0 switches the limiter off for this key (benches measure the servers, not the bucket)
      ...(key?.ratePerMinute !== undefined ? { rate_limit_per_minute: key.ratePerMinute } : {}),
    }),
  });
  if (res.status !== 201) throw new Error(`Could not provision a sandbox key: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { api_key: string };
  if (keyFile) {
    // The console's data folder, which this may be first to create: owner-only, as connect() keeps it.
    mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, JSON.stringify({ api_key: body.api_key }), { mode: 0o600 });
  }
  return body.api_key;
}

export const defaultKeyFile = (consoleDataDir: string) => join(consoleDataDir, 'embedded-sandbox-key.json');

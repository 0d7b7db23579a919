import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { SCOPES } from '../../sandbox/keys.ts';

export interface EmbeddedSandbox {
  url: string;
  controlToken: string;
  apiKey: string;
  child: ChildProcess;
  stop(): void;
}


/**
 * Starts `sandbox/main.ts` as a child process, waits for it to listen, and provisions an
 * API key for the console through the control plane. The key is kept under the console's
 * data directory and reused while the sandbox still accepts it.
 */
export async function startEmbeddedSandbox(opts: { dataDir: string; port: number; keyFile: string; quiet?: boolean }): Promise<EmbeddedSandbox> {
  // A fixed token may be supplied (tests drive the control plane); otherwise one per start.
  const controlToken = process.env.SANDBOX_CONTROL_TOKEN ?? randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('sandbox/main.ts')], {
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
  const url = await new Promise<string>((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('The embedded sandbox did not start within 60 s.')), 60_000);
    child.once('exit', (code) => reject(new Error(`The embedded sandbox exited during start-up (code ${code}).`)));
    lines.on('line', (line) => {
      const ready = /^SANDBOX_READY (\S+)$/.exec(line);
      if (ready) {
        clearTimeout(timer);
        resolveUrl(ready[1]!);
      } else if (!opts.quiet) {
        process.stdout.write(`[sandbox] ${line}\n`);
      }
    });
  });
  const apiKey = await provisionKey(url, controlToken, opts.keyFile);
  return { url, controlToken, apiKey, child, stop: () => child.kill('SIGTERM') };
}

async function provisionKey(url: string, controlToken: string, keyFile: string): Promise<string> {
  try {
    const saved = JSON.parse(readFileSync(keyFile, 'utf8')) as { api_key?: string };
    if (saved.api_key) {
      const probe = await fetch(`${url}/api/v1/categories?size=25`, {
        headers: { authorization: `Bearer ${saved.api_key}`, 'x-service-environment': 'sandbox' },
      });
      if (probe.ok) return saved.api_key;
    }
  } catch {
    // no saved key yet
  }
  const res = await fetch(`${url}/__sandbox/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-control': controlToken },
    body: JSON.stringify({ app_id: 'signdesk-console', scopes: SCOPES, requester_role: 'admin' }),
  });
  if (res.status !== 201) throw new Error(`Could not provision a sandbox key: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { api_key: string };
  mkdirSync(dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, JSON.stringify({ api_key: body.api_key }), { mode: 0o600 });
  return body.api_key;
}

export const defaultKeyFile = (consoleDataDir: string) => join(consoleDataDir, 'embedded-sandbox-key.json');

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@/sandbox/logger';
import { startSandbox, type Sandbox } from '@/sandbox/server';
import { runScript } from './project-commands';

// An operator running a standalone sandbox for several instances gets a key, and each
// instance's share of its limit, from one command instead of the design notes and the code.
const controlToken = `ctl-${randomBytes(16).toString('hex')}`;
const started: { sandbox: Sandbox; dir: string }[] = [];
afterEach(async () => {
  for (const { sandbox, dir } of started.splice(0)) {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function sandboxOn(port: number, defaultRateLimitPerMinute = 6000) {
  const dir = mkdtempSync(join(tmpdir(), 'signdesk-sandbox-key-'));
  const sandbox = await startSandbox({
    dataDir: dir,
    port,
    controlToken,
    defaultRateLimitPerMinute,
    logger: createLogger('silent'),
  });
  started.push({ sandbox, dir });
  return sandbox;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const keyCommand = (args: string[], env: Record<string, string> = { SANDBOX_CONTROL_TOKEN: controlToken }) =>
  runScript({ script: 'sandbox/main.ts', args: ['key', ...args], env, timeoutMs: 45_000 });

/** The KEY=value lines printed, as a .env file or `set -a; . file` would read them. */
const envLines = (stdout: string) =>
  Object.fromEntries(
    stdout
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe('npm run sandbox -- key', () => {
  it('prints the env lines of a working key, with each instance’s share of its limit', async () => {
    const sandbox = await sandboxOn(0);
    const { code, stdout, stderr } = await keyCommand(['--url', sandbox.url, '--instances', '2']);
    expect(code, stderr).toBe(0);
    const env = envLines(stdout);
    expect(Object.keys(env)).toEqual(['SIGNING_API_BASE_URL', 'SIGNING_API_KEY', 'SIGNING_API_RATE_LIMIT_PER_MINUTE']);
    expect(env.SIGNING_API_BASE_URL).toBe(sandbox.url);
    expect(env.SIGNING_API_RATE_LIMIT_PER_MINUTE).toBe('3000');
    expect(stdout).toMatch(/^# .*6000 requests a minute.*2 instances/m);
    const list = await fetch(`${sandbox.url}/api/v1/categories`, {
      headers: { authorization: `Bearer ${env.SIGNING_API_KEY}`, 'x-service-environment': 'sandbox' },
    });
    expect(list.status).toBe(200);
  });

  it('asks for a given limit, and waits for a sandbox that is still starting', async () => {
    const port = await freePort();
    const command = keyCommand(['--url', `http://127.0.0.1:${port}`, '--rate-limit', '600', '--instances', '4']);
    await new Promise((r) => setTimeout(r, 1500));
    await sandboxOn(port);
    const { code, stdout, stderr } = await command;
    expect(code, stderr).toBe(0);
    expect(envLines(stdout).SIGNING_API_RATE_LIMIT_PER_MINUTE).toBe('150');
  });

  it('says what is missing without a control token, and what the sandbox answered to a wrong one', async () => {
    const sandbox = await sandboxOn(0);
    const missing = await keyCommand(['--url', sandbox.url], {});
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('SANDBOX_CONTROL_TOKEN');
    const wrong = await keyCommand(['--url', sandbox.url], { SANDBOX_CONTROL_TOKEN: 'not-the-sandbox-token' });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/401/);
    expect(wrong.stdout).toBe('');
  });
});

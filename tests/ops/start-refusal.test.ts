import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, runScript } from './project-commands';

// The README's scale-out example once set only DATABASE_URL and SESSION_PASSWORD: every
// instance then started a sandbox of its own and wrote demo accounts into the shared database.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-start-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Nothing listens on port 1: a start that went on would fail on the database instead.
const PG = 'postgres://signdesk:not-for-logs@127.0.0.1:1/signdesk';

// Refusals come before any child is spawned, so these starts may run from a directory of
// their own (with its own .env); one that goes on needs the repository as its directory.
async function start(opts: { env?: Record<string, string>; dotenv?: string; inRepository?: boolean }) {
  if (opts.dotenv) writeFileSync(join(dir, '.env'), opts.dotenv);
  const sandboxData = join(dir, 'sandbox');
  const result = await runScript({
    script: 'scripts/start.ts',
    cwd: opts.inRepository ? ROOT : dir,
    env: { SANDBOX_PORT: '0', SANDBOX_DATA_DIR: sandboxData, CONSOLE_DATA_DIR: join(dir, 'console'), ...opts.env },
    timeoutMs: 120_000,
  });
  return { ...result, lines: result.stderr.trim().split('\n'), dataDirs: readdirSync(dir).filter((f) => f !== '.env') };
}

describe('npm start on PostgreSQL without SIGNING_API_BASE_URL', { timeout: 150_000 }, () => {
  it('refuses in one line naming what to set, before starting a sandbox or touching the database', async () => {
    const { code, lines, stdout, dataDirs } = await start({ env: { DATABASE_URL: PG, SESSION_PASSWORD: 'x'.repeat(40) } });
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/SIGNING_API_BASE_URL and SIGNING_API_KEY.*EMBEDDED_SANDBOX=true/);
    expect(lines[0]).not.toContain('not-for-logs');
    expect(stdout).not.toMatch(/demo accounts|sandbox:/i);
    expect(dataDirs).toEqual([]);
  });

  it('reads the same settings from .env', async () => {
    const { code, lines } = await start({ dotenv: `DATABASE_URL=${PG}\nSIGNING_API_BASE_URL=\n` });
    expect(code).not.toBe(0);
    expect(lines).toEqual([expect.stringContaining('EMBEDDED_SANDBOX=true')]);
  });

  it('goes on with EMBEDDED_SANDBOX=true (and then fails on this unreachable database)', async () => {
    const { code, stderr } = await start({ env: { DATABASE_URL: PG, EMBEDDED_SANDBOX: 'true' }, inRepository: true });
    expect(code).not.toBe(0);
    expect(stderr).not.toContain('EMBEDDED_SANDBOX=true');
    expect(stderr).toMatch(/ECONNREFUSED|connect/);
  });
});

describe('npm start exits with its server', { timeout: 150_000 }, () => {
  // A real workspace host's settings, pointing at a closed port: the console starts without a sandbox.
  const realHost = (port: number) => ({
    SIGNING_API_BASE_URL: 'http://127.0.0.1:1',
    SIGNING_API_KEY: 'sk_test_start_exit_0123',
    SESSION_PASSWORD: 'a-session-password-of-forty-characters-ok',
    CONSOLE_DATA_DIR: join(dir, 'console'),
    PORT: String(port),
  });

  it('exits 1 for a port that is no number, saying so, before building or opening anything', async () => {
    const { code, stderr, dataDirs } = await start({ env: { ...realHost(3000), PORT: 'abc' } });
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT: "abc" must be a whole number from 1 to 65535/);
    expect(dataDirs).toEqual([]);
  });

  it('exits 137 when its server is killed with kill -9, so a supervisor restarts it; telemetry is off', async () => {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    let pid = 0;
    let output = '';
    const run = runScript({
      script: 'scripts/start.ts',
      cwd: ROOT,
      env: realHost(port),
      timeoutMs: 120_000,
      onSpawn: (child) => {
        pid = child.pid!;
        child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      },
    });
    await expect.poll(() => output, { timeout: 90_000 }).toMatch(/Ready on/);
    // Its child running the console server (not esbuild's service, which bundles it first).
    const server = execFileSync('pgrep', ['-P', String(pid), '-f', 'console-server'], { encoding: 'utf8' })
      .trim()
      .split('\n')[0]!;
    const environment = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
    expect(environment).toContain('NEXT_TELEMETRY_DISABLED=1');
    process.kill(Number(server), 'SIGKILL');
    expect((await run).code).toBe(137);
    // Against a real host, the launcher's lines are JSON like the server's: one log that reads alike.
    for (const line of output.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
  }, 120_000);
});

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
    timeoutMs: 30_000,
  });
  return { ...result, lines: result.stderr.trim().split('\n'), dataDirs: readdirSync(dir).filter((f) => f !== '.env') };
}

describe('npm start on PostgreSQL without SIGNING_API_BASE_URL', () => {
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

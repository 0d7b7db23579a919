import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '@/server/db/connect';
import { findUserByEmail } from '@/server/users/users';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { runScript } from './project-commands';

// `npm run user` once wrote to the local SQLite file while the server, configured by .env,
// read PostgreSQL: an account that could never sign in. The CLI reads the configuration the
// server reads (.env, the environment winning) and says which database it wrote to.
let pg: TestPostgres;
let dir: string;
beforeAll(async () => {
  pg = await startPostgres();
}, 240_000);
afterAll(async () => pg?.stop());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-user-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A password in the URL, which the CLI must not print (the test server trusts every login).
const pgUrlWithPassword = () => pg.url.replace('signdesk@', 'signdesk:pw-not-for-output@');

async function addUser(email: string, opts: { dotenv?: string; env?: Record<string, string> } = {}) {
  if (opts.dotenv) writeFileSync(join(dir, '.env'), opts.dotenv);
  const result = await runScript({
    script: 'scripts/user.ts',
    args: ['add', '--email', email, '--roles', 'viewer'],
    cwd: dir,
    env: { SIGNDESK_PASSWORD: 'a long password for the cli', ...opts.env },
  });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** Whether the account is in the database the server would open with these settings. */
async function accountIn(email: string, where: { databaseUrl?: string; dataDir?: string }) {
  const conn = await connect({ databaseUrl: where.databaseUrl, dataDir: where.dataDir ?? join(dir, 'unused') });
  try {
    return Boolean(await findUserByEmail(conn, email));
  } finally {
    await conn.destroy();
  }
}

describe('npm run user', () => {
  it('writes to the SQLite directory named in .env, and says so', async () => {
    const out = await addUser('dotenv-sqlite@ops.local', { dotenv: 'CONSOLE_DATA_DIR=from-dotenv\n' });
    expect(out).toContain(`to SQLite ${join(dir, 'from-dotenv', 'console.db')}`);
    expect(await accountIn('dotenv-sqlite@ops.local', { dataDir: join(dir, 'from-dotenv') })).toBe(true);
    expect(existsSync(join(dir, '.data'))).toBe(false);
  });

  it('lets the environment win over .env', async () => {
    const out = await addUser('env-sqlite@ops.local', {
      dotenv: 'CONSOLE_DATA_DIR=from-dotenv\n',
      env: { CONSOLE_DATA_DIR: join(dir, 'from-env') },
    });
    expect(out).toContain(`to SQLite ${join(dir, 'from-env', 'console.db')}`);
    expect(await accountIn('env-sqlite@ops.local', { dataDir: join(dir, 'from-env') })).toBe(true);
    expect(existsSync(join(dir, 'from-dotenv'))).toBe(false);
  });

  it('writes to the PostgreSQL named in .env, naming it without its password', async () => {
    const out = await addUser('dotenv-pg@ops.local', {
      dotenv: `DATABASE_URL=${pgUrlWithPassword()}\nCONSOLE_DATA_DIR=sqlite\n`,
    });
    const { host, pathname } = new URL(pg.url);
    expect(out).toContain(`to PostgreSQL signdesk@${host}${pathname}`);
    expect(out).not.toContain('pw-not-for-output');
    expect(await accountIn('dotenv-pg@ops.local', { databaseUrl: pg.url })).toBe(true);
    expect(existsSync(join(dir, 'sqlite'))).toBe(false);
  });

  it('writes to the PostgreSQL named in the environment over a .env without one', async () => {
    const out = await addUser('env-pg@ops.local', {
      dotenv: 'CONSOLE_DATA_DIR=sqlite\n',
      env: { DATABASE_URL: pgUrlWithPassword() },
    });
    expect(out).toContain('to PostgreSQL signdesk@');
    expect(out).not.toContain('pw-not-for-output');
    expect(await accountIn('env-pg@ops.local', { databaseUrl: pg.url })).toBe(true);
  });

  it('says which database it lists and updates', async () => {
    await addUser('listed@ops.local', { dotenv: `DATABASE_URL=${pg.url}\n` });
    const list = await runScript({ script: 'scripts/user.ts', args: ['list'], cwd: dir });
    expect(list.stdout).toMatch(/^listed@ops\.local\tviewer\tactive$/m);
    expect(list.stderr).toContain('Accounts in PostgreSQL signdesk@');
    const disable = await runScript({ script: 'scripts/user.ts', args: ['disable', '--email', 'listed@ops.local'], cwd: dir });
    expect(disable.stdout).toContain('in PostgreSQL signdesk@');
  });
});

// Each command is a process of its own, hashing a password at full cost: minutes on a loaded machine.
describe('what the project commands leave in the audit log and say', { timeout: 240_000 }, () => {
  it('audits account changes made from a shell as done there, by its user, not by a console instance', async () => {
    const dataDir = join(dir, 'audited');
    const env = { CONSOLE_DATA_DIR: dataDir, SIGNDESK_PASSWORD: 'a long password for the cli' };
    for (const args of [
      ['add', '--email', 'shell@example.com', '--roles', 'viewer'],
      ['roles', '--email', 'shell@example.com', '--roles', 'viewer,sender'],
      ['disable', '--email', 'shell@example.com'],
      ['password', '--email', 'shell@example.com'],
    ]) {
      const result = await runScript({ script: 'scripts/user.ts', args, cwd: dir, env });
      expect(result.code, result.stderr).toBe(0);
    }
    const conn = await connect({ dataDir });
    try {
      const entries = await conn
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', 'shell@example.com')
        .orderBy('id')
        .execute();
      expect(entries.map((e) => e.operation)).toEqual([
        'user.create',
        'user.roles_change',
        'user.disable',
        'user.password_reset',
      ]);
      for (const entry of entries) {
        expect(entry.instance).toMatch(/^command line on /);
        expect(entry.user_id).toBeNull();
        expect(JSON.parse(entry.details!)).toMatchObject({ via: 'command line', os_user: expect.any(String) });
      }
      expect(JSON.parse(entries[1]!.details!)).toMatchObject({ roles: ['viewer', 'sender'] });
    } finally {
      await conn.destroy();
    }
  });

  it('npm run migrate lists each migration it applied, and then that there was nothing to apply', async () => {
    const env = { CONSOLE_DATA_DIR: join(dir, 'migrated') };
    const first = await runScript({ script: 'scripts/migrate.ts', cwd: dir, env });
    expect(first.code, first.stderr).toBe(0);
    const applied = first.stdout.split('\n').filter((l) => l.startsWith('  applied '));
    expect(applied.length).toBeGreaterThan(10);
    expect(applied[0]).toMatch(/^ {2}applied 0001/);
    expect(first.stdout).toMatch(new RegExp(`is up to date: ${applied.length} migration\\(s\\) applied\\.`));
    const again = await runScript({ script: 'scripts/migrate.ts', cwd: dir, env });
    expect(again.stdout).toContain('was up to date: nothing to apply.');
  });
});

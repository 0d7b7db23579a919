import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@/server/db/connect';
import { startTestConsole, type TestConsole } from '../console/harness';
import { findBin, startPostgres, type TestPostgres } from '../support/postgres';
import { ROOT, runScript } from './project-commands';

// A PostgreSQL set up as docs/running/deployment.md says: deploy/postgres/setup.sql applied
// with psql, `npm run migrate` as the owning role, the console as the narrow runtime role, and
// TLS to the database checked as libpq's sslmode values promise. One server (ssl on, passwords
// required over TCP) for the whole file.
const SUPERUSER_PASSWORD = 'superuser-pw-0f3c';
const ROLES = {
  db_name: 'signdesk',
  owner_role: 'signdesk_owner',
  owner_password: 'owner-pw-7d1a',
  app_role: 'signdesk_app',
  app_password: 'app-pw-91be',
};

let dir: string;
let db: TestPostgres;
let port: string;
const file = (name: string) => join(dir, name);

function openssl(...args: string[]) {
  execFileSync('openssl', args, { stdio: 'pipe' });
}

/** A CA, and a server certificate it signed for 127.0.0.1 and db.internal.test (not localhost). */
function makeCertificates() {
  for (const ca of ['ca', 'other-ca']) {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=Signdesk test ${ca}`,
      '-keyout',
      file(`${ca}.key`),
      '-out',
      file(`${ca}.crt`),
    );
  }
  openssl(
    'req',
    '-new',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-subj',
    '/CN=db.internal.test',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  );
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:db.internal.test\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.crt'),
  );
}

const urlOf = (role: 'owner' | 'app', query = '', host = '127.0.0.1') =>
  `postgres://${ROLES[`${role}_role`]}:${ROLES[`${role}_password`]}@${host}:${port}/${ROLES.db_name}${query ? `?${query}` : ''}`;
const VERIFY_FULL = () => `sslmode=verify-full&sslrootcert=${file('ca.crt')}`;

function applySetup() {
  const psql = findBin('psql');
  if (!psql) throw new Error('psql is not installed (postgresql-client)');
  const vars = Object.entries(ROLES).flatMap(([name, value]) => ['-v', `${name}=${value}`]);
  return spawnSync(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', ...vars, '-f', join(ROOT, 'deploy/postgres/setup.sql'), db.url], {
    encoding: 'utf8',
  });
}

const migrateAs = (databaseUrl: string) =>
  runScript({ script: 'scripts/migrate.ts', env: { DATABASE_URL: databaseUrl }, timeoutMs: 60_000 });

async function asRole<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a statement fails with as `databaseUrl`'s role, or 'ok'. */
const outcome = (databaseUrl: string, statement: string) =>
  asRole(databaseUrl, (c) => c.query(statement)).then(
    () => 'ok',
    (err: { code?: string }) => err.code ?? 'error',
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-pg-deploy-'));
  makeCertificates();
  db = await startPostgres({
    superuserPassword: SUPERUSER_PASSWORD,
    tls: { cert: readFileSync(file('server.crt'), 'utf8'), key: readFileSync(file('server.key'), 'utf8') },
  });
  port = new URL(db.url).port;
}, 120_000);

afterAll(async () => {
  await db?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('deploy/postgres/setup.sql, then npm run migrate as the owner', () => {
  it('applies with psql as written, and again without harm', () => {
    for (const run of [applySetup(), applySetup()]) expect(run.status, run.stderr).toBe(0);
  });

  it('leaves the runtime role unable to migrate, and says who must', async () => {
    const run = await migrateAs(urlOf('app'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/permission denied/);
    expect(run.stderr).toMatch(/run `npm run migrate` with the DATABASE_URL of the role that owns the database/);
    expect(run.stderr).not.toContain(ROLES.app_password);
  });

  it('migrates as the owning role', async () => {
    const run = await migrateAs(urlOf('owner'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/PostgreSQL signdesk_owner@127\.0\.0\.1:\d+\/signdesk is up to date: \d+ migration\(s\) applied\./);
  });
});

describe('the runtime role', () => {
  let console_: TestConsole | undefined;
  afterAll(async () => console_?.close());

  it('runs a console over TLS (verify-full): sign-in, writes, the audit log', async () => {
    console_ = await startTestConsole({ databaseUrl: urlOf('app', VERIFY_FULL()) });
    const created = await console_.call('POST', '/api/categories', {
      cookie: console_.cookies.admin,
      body: { name: `Runtime role ${Date.now()}` },
      idempotencyKey: `role-${Date.now()}`,
    });
    expect(created.status, created.bytes.toString()).toBe(200);
    const audit = await console_.call('GET', '/api/admin/audit?operation=category.create', { cookie: console_.cookies.admin });
    expect(audit.body.data.map((r: { target_id: string }) => r.target_id)).toContain(created.body.id);
    // Every connection of the runtime role is encrypted.
    const connections = await asRole(db.url, (c) =>
      c.query<{ ssl: boolean }>('SELECT s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.usename = $1', [
        ROLES.app_role,
      ]),
    );
    expect(connections.rows.length).toBeGreaterThan(0);
    expect(connections.rows.every((r) => r.ssl)).toBe(true);
  });

  it('cannot drop, alter, empty or create tables; the owner can', async () => {
    for (const statement of [
      'DROP TABLE audit_log',
      'ALTER TABLE users ADD COLUMN x integer',
      'TRUNCATE audit_log',
      'CREATE TABLE intruder (n integer)',
      'CREATE SCHEMA intruder',
    ])
      expect(await outcome(urlOf('app'), statement), statement).toBe('42501');
    expect(await outcome(urlOf('app'), 'SELECT count(*) FROM users')).toBe('ok');
  });

  it('reads and writes a table a later migration makes, without granting again', async () => {
    expect(await outcome(urlOf('owner'), 'CREATE TABLE later_migration (id serial PRIMARY KEY, note text)')).toBe('ok');
    expect(await outcome(urlOf('app'), "INSERT INTO later_migration (note) VALUES ('granted by default')")).toBe('ok');
    expect(await outcome(urlOf('app'), 'DELETE FROM later_migration')).toBe('ok');
    expect(await outcome(urlOf('app'), 'DROP TABLE later_migration')).toBe('42501');
  });
});

describe('TLS to PostgreSQL through DATABASE_URL', () => {
  it('encrypts with sslmode=require, whatever signed the certificate', async () => {
    const conn = await connect({ databaseUrl: urlOf('owner', 'sslmode=require'), dataDir: dir });
    try {
      const { rows } = await sql<{ ssl: boolean }>`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`.execute(conn);
      expect(rows[0]?.ssl).toBe(true);
    } finally {
      await conn.destroy();
    }
    const run = await migrateAs(urlOf('owner', 'sslmode=require'));
    expect(run.code, run.stderr).toBe(0);
  });

  it('refuses with verify-full a certificate another CA signed, naming DATABASE_URL without its password', async () => {
    const url = urlOf('owner', `sslmode=verify-full&sslrootcert=${file('other-ca.crt')}`);
    const run = await migrateAs(url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `DATABASE_URL postgres://signdesk_owner@127.0.0.1:${port}/signdesk?sslmode=verify-full&sslrootcert=${file('other-ca.crt')}`,
    );
    expect(run.stderr).toMatch(/not signed by the CA in sslrootcert/);
    expect(run.stderr).not.toContain(ROLES.owner_password);
  });

  it('refuses with verify-full a host the certificate does not name, even signed by the right CA', async () => {
    const run = await migrateAs(urlOf('owner', VERIFY_FULL(), 'localhost'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/certificate does not name the host in DATABASE_URL/);
  });
});

describe('DATABASE_POOL_MAX', () => {
  it('is the most connections one process holds at once', async () => {
    const conn = await connect({ databaseUrl: urlOf('app'), dataDir: dir, poolMax: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, () =>
          sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`.execute(conn).then((r) => r.rows[0]!.pid),
        ),
      );
      expect(new Set(pids).size).toBe(2);
    } finally {
      await conn.destroy();
    }
  });
});

import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A throw-away PostgreSQL server for the multi-instance tests: found on PATH or under
// /usr/lib/postgresql, installed from Debian when missing and running as root, and run as
// the unprivileged `postgres` user (the server refuses to run as root).
export interface TestPostgres {
  url: string;
  /** stops the server (a fast shutdown, as an operator's restart does), keeping its data and port */
  halt(): Promise<void>;
  /** starts a halted server again on the same port and data */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** A PostgreSQL program (psql, pg_ctl, ...): on PATH or the newest under /usr/lib/postgresql. */
export function findBin(name: string): string | null {
  const which = spawnSync('which', [name], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  for (const version of readdirSync(base).sort().reverse()) {
    const candidate = join(base, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export function ensurePostgresInstalled(): { initdb: string; postgres: string; pgCtl: string } | null {
  let initdb = findBin('initdb');
  if (!initdb && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    initdb = findBin('initdb');
  }
  const postgres = findBin('postgres');
  const pgCtl = findBin('pg_ctl');
  return initdb && postgres && pgCtl ? { initdb, postgres, pgCtl } : null;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export interface PostgresOptions {
  /** ssl = on with this certificate and key (PEM) */
  tls?: { cert: string; key: string };
  /** TCP connections need a password (scram-sha-256), this one for the superuser `signdesk`; else trust */
  superuserPassword?: string;
}

export async function startPostgres(opts: PostgresOptions = {}): Promise<TestPostgres> {
  const bins = ensurePostgresInstalled();
  if (!bins) throw new Error('PostgreSQL is not installed and could not be installed (install the "postgresql" package).');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'signdesk-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const run = (bin: string, args: string[]) =>
    (asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]) as [string, string[]];
  // Files the server reads: its own user's, the key unreadable to anyone else (the server checks).
  const serverFile = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text, { mode: 0o600 });
    if (asRoot) {
      const ids = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(file, ids('-u'), ids('-g'));
    }
    return file;
  };
  const auth = opts.superuserPassword
    ? ['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${serverFile('superuser-password', opts.superuserPassword)}`]
    : ['--auth=trust'];
  const [cmd, args] = run(bins.initdb, ['-D', data, '-U', 'signdesk', ...auth, '-E', 'UTF8', '--no-sync']);
  execFileSync(cmd, args, { stdio: 'ignore' });
  const tls = opts.tls
    ? [
        '-c',
        'ssl=on',
        '-c',
        `ssl_cert_file=${serverFile('server.crt', opts.tls.cert)}`,
        '-c',
        `ssl_key_file=${serverFile('server.key', opts.tls.key)}`,
      ]
    : [];
  const port = await freePort();
  const password = opts.superuserPassword ? `:${encodeURIComponent(opts.superuserPassword)}` : '';
  const url = `postgres://signdesk${password}@127.0.0.1:${port}/postgres`;
  const { default: pg } = await import('pg');
  let server: ChildProcess | null = null;
  const launch = async () => {
    const [pcmd, pargs] = run(bins.postgres, [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      ...tls,
    ]);
    server = spawn(pcmd, pargs, { stdio: 'ignore' });
    for (let i = 0; ; i++) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        break;
      } catch {
        if (i > 100) throw new Error('PostgreSQL did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const halt = async () => {
    const running = server;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    const [ccmd, cargs] = run(bins.pgCtl, ['stop', '-D', data, '-m', 'fast', '-w']);
    spawnSync(ccmd, cargs, { stdio: 'ignore' });
    await exited;
  };
  await launch();
  return {
    url,
    halt,
    resume: launch,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

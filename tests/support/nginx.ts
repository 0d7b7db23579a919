import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

// Debian's nginx for the reverse-proxy tests: /usr/sbin/nginx, installed from Debian when
// missing and running as root (as postgres.ts does for PostgreSQL), run in the foreground with
// a prefix folder of its own, so nothing of the machine's own nginx is read or written.
export const NGINX = '/usr/sbin/nginx';

export function ensureNginxInstalled(): boolean {
  if (!existsSync(NGINX) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    // Debian's postinst would start the packaged service: policy-rc.d keeps it from doing so.
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], { stdio: 'inherit', env });
  }
  return existsSync(NGINX);
}

/** Replaces each literal in `text`, failing when one is missing (the file changed under the test). */
export function substitute(text: string, pairs: [string | RegExp, string][]): string {
  let out = text;
  for (const [from, to] of pairs) {
    const found = typeof from === 'string' ? out.includes(from) : from.test(out);
    if (!found) throw new Error(`the config no longer contains ${String(from)}: update the test`);
    out = typeof from === 'string' ? out.split(from).join(to) : out.replace(from, to);
  }
  return out;
}

export interface RunningNginx {
  dir: string;
  errorLog(): string;
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
      .once('connect', () => {
        socket.destroy();
        resolve(true);
      })
      .once('error', () => resolve(false));
  });

/**
 * Runs `nginx -c <dir>/nginx.conf -p <dir> -g 'daemon off;'` with `site` (http-context
 * directives: a site file as an operator installs it) inside a minimal main configuration.
 */
export async function startNginx(opts: { dir: string; site: string; ports: number[] }): Promise<RunningNginx> {
  const { dir } = opts;
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  // The workers run as nobody when the master is root: they write request bodies under temp/.
  chmodSync(join(dir, 'temp'), 0o777);
  writeFileSync(join(dir, 'site.conf'), opts.site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'logs/error.log')} notice;`,
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${join(dir, 'logs/access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, 'temp', t)};`),
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'logs/error.log')];
  execFileSync(NGINX, [...args, '-t', '-q'], { stdio: 'pipe' });
  const child: ChildProcess = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  const errorLog = () => (existsSync(join(dir, 'logs/error.log')) ? readFileSync(join(dir, 'logs/error.log'), 'utf8') : '');
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${errorLog()}`);
    if ((await Promise.all(opts.ports.map(listening))).every(Boolean)) break;
    if (i > 100) throw new Error(`nginx did not listen:\n${errorLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    dir,
    errorLog,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT'); // nginx's graceful stop
      await exited;
    },
  };
}

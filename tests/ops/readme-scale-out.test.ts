import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { ROOT, cleanEnv } from './project-commands';

// The scale-out guide (docs/running/scale-out.md, which the README links), run as written: its marked shell block, with only this
// machine's ports, paths and database put in for the example's (it works on one machine as it
// stands; nginx in front is tests/ops/nginx-proxy.test.ts). The example once failed
// as written (each instance started a sandbox of its own); this keeps it working.
const GUIDE = 'docs/running/scale-out.md';
const SECTION = '## Several instances on PostgreSQL';
const MARK = '# scale-out example';

function scaleOutBlock(): string {
  const readme = readFileSync(join(ROOT, GUIDE), 'utf8');
  const start = readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`${GUIDE} has no section "${SECTION}"`);
  const end = readme.indexOf('\n## ', start + SECTION.length + 2);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const block = /```sh\n(# scale-out example\n[\s\S]*?)```/.exec(section);
  if (!block) throw new Error(`The section "${SECTION}" has no \`\`\`sh block starting with "${MARK}"`);
  return block[1]!;
}

/** Replaces each literal of the example in one pass (longest first), failing when the README no longer has one. */
function substitute(text: string, pairs: [string, string][]): string {
  for (const [literal] of pairs) {
    if (!text.includes(literal)) throw new Error(`The scale-out example no longer contains "${literal}": update this test`);
  }
  const values = new Map(pairs);
  const literals = [...values.keys()].sort((a, b) => b.length - a.length).map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text.replace(new RegExp(literals.join('|'), 'g'), (found) => values.get(found)!);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const ADMIN = { email: 'you@example.com', password: 'a long password' };

let pg: TestPostgres;
let dir: string;
let shell: ChildProcess | undefined;
let output = '';
const ports: number[] = [];

async function waitForLive(port: number, deadline: number) {
  while (Date.now() < deadline) {
    try {
      const res = await direct(port, 'GET', '/api/health/live');
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance on port ${port} did not answer /api/health/live\n--- output ---\n${output.slice(-4000)}`);
}

/** A request to an instance at its own address, as a browser on this machine sends it. */
function direct(port: number, method: string, path: string, opts: { body?: unknown; cookie?: string } = {}) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(method === 'GET' ? {} : { origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
  });
}

beforeAll(async () => {
  pg = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'signdesk-scale-out-'));
  const [sandboxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  ports.push(portA!, portB!);
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const script = substitute(scaleOutBlock(), [
    ['4010', String(sandboxPort)],
    ['postgres://signdesk:secret@db.internal:5432/signdesk', pg.url],
    ['PORT=3000 ', `PORT=${portA} `],
    ['PORT=3001 ', `PORT=${portB} `],
    ['./signing-api.env', join(dir, 'signing-api.env')],
    ['signing-api.env', join(dir, 'signing-api.env')],
    // The suite's build (every console suite needs one): built once already, not again here.
    ...(existsSync(join(ROOT, distDir, 'BUILD_ID'))
      ? ([['npm run build', `echo "built already in ${distDir}"`]] as [string, string][])
      : []),
  ]);
  // The sandbox's and the console's data folders default to .data/ in the checkout.
  const env = cleanEnv({ SANDBOX_DATA_DIR: join(dir, 'sandbox'), CONSOLE_DATA_DIR: join(dir, 'console') });
  // Its own process group, so every process the example starts is stopped together.
  shell = spawn('bash', ['-c', `set -e\n${script}`], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  shell.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  shell.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => shell!.once('exit', resolve));
  if (code !== 0) throw new Error(`the example's commands failed (exit ${code})\n--- output ---\n${output.slice(-4000)}`);
  const deadline = Date.now() + 150_000;
  await Promise.all(ports.map((port) => waitForLive(port, deadline)));
}, 240_000);

afterAll(async () => {
  if (shell?.pid) {
    const group = -shell.pid;
    const signal = (s: NodeJS.Signals) => {
      try {
        process.kill(group, s);
      } catch {
        // the group has already gone
      }
    };
    signal('SIGTERM');
    await new Promise((r) => setTimeout(r, 5000));
    signal('SIGKILL');
  }
  await pg?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('README: several instances on PostgreSQL, as written', () => {
  it('starts both instances, each answering its liveness route', async () => {
    for (const port of ports) expect((await direct(port, 'GET', '/api/health/live')).status).toBe(200);
    expect(output).not.toMatch(/EADDRINUSE|UNIQUE constraint|Demo accounts/);
  });

  it('lets the account added with npm run user sign in on both, with one session valid on both', async () => {
    const cookies: string[] = [];
    for (const port of ports) {
      const res = await direct(port, 'POST', '/api/auth/sign-in', { body: ADMIN });
      expect(res.status, await res.clone().text()).toBe(200);
      const session = res.headers.getSetCookie().find((c) => /^(__Host-)?signdesk=/.test(c));
      expect(session).toBeDefined();
      cookies.push(session!.split(';')[0]!);
    }
    const [a, b] = ports;
    const me = await direct(b!, 'GET', '/api/auth/me', { cookie: cookies[0] });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);
    expect((await direct(a!, 'GET', '/api/auth/me', { cookie: cookies[1] })).status).toBe(200);
  });

  it('divided the key’s limit between the two instances', () => {
    const lines = readFileSync(join(dir, 'signing-api.env'), 'utf8');
    expect(lines).toMatch(/^SIGNING_API_RATE_LIMIT_PER_MINUTE=3000$/m);
    expect(lines).toMatch(/^SIGNING_API_KEY=sk_sandbox_/m);
  });
});

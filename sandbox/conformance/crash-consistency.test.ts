import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { ndaBody } from './package-fixtures.ts';

// A record and its stored idempotent reply commit together. The sandbox runs as a child
// process armed with SANDBOX_TEST_CRASH_AFTER, which SIGKILLs it in the middle of one
// operation: inside the transaction right after the write (it must roll back whole), or just
// after COMMIT, before the answer leaves (the write and its reply must both be there). The
// client sees the connection die, the sandbox restarts unarmed on the same data, and the
// client retries with the same Idempotency-Key, as the console's intent journal does. Either
// way: exactly one record, the retry answers success with its id, never two, never none.

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-crash-'));
const controlToken = `ctl-${randomBytes(12).toString('hex')}`;
let child: ChildProcess | null = null;

async function start(crashAfter?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SANDBOX_PORT: '0',
    SANDBOX_DATA_DIR: dataDir,
    SANDBOX_CONTROL_TOKEN: controlToken,
    SANDBOX_READY_LINE: '1',
    SANDBOX_LOG_LEVEL: 'silent',
  };
  delete env.SANDBOX_TEST_CRASH_AFTER;
  if (crashAfter) env.SANDBOX_TEST_CRASH_AFTER = crashAfter;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sandbox did not start')), 30_000);
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      const ready = /^SANDBOX_READY (\S+)$/.exec(line);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
  });
}

const exited = (proc: ChildProcess) =>
  new Promise<NodeJS.Signals | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.signalCode);
    else proc.once('exit', (_code, signal) => resolve(signal));
  });

async function stop() {
  if (child && child.exitCode === null && child.signalCode === null) {
    const done = exited(child);
    child.kill('SIGKILL');
    await done;
  }
}

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The few fields these checks read; anything else in an answer is ignored. */
interface ApiBody {
  id?: string;
  preview_token?: string;
  data?: unknown[];
}

let apiKey = '';
async function call(url: string, method: string, path: string, body?: unknown, idem?: string) {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      'x-service-environment': 'sandbox',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idem ? { 'idempotency-key': idem } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    text,
    body: JSON.parse(text) as ApiBody,
  };
}

async function ensureKey(url: string) {
  if (apiKey) return;
  const res = await fetch(`${url}/__sandbox/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-control': controlToken },
    body: JSON.stringify({
      app_id: 'app_crash',
      scopes: ['catalog:read', 'categories:write', 'packages:create', 'packages:read'],
      requester_role: 'admin',
    }),
  });
  apiKey = ((await res.json()) as { api_key: string }).api_key;
}

interface Scenario {
  /** prepares what the operation needs (on the armed sandbox) and answers its request */
  prepare(url: string): Promise<{ method: string; path: string; body: unknown }>;
  /** how many records the operation made, as the app sees them */
  count(url: string): Promise<number>;
  /** the id of the one record there is, to compare with the retry's answer */
  onlyId(url: string): Promise<string>;
}

/**
 * Runs `operation` on a sandbox armed to die at `point`, restarts it unarmed, retries with the
 * same key, and checks there is exactly one record, named by a successful retry.
 */
async function crashAndRetry(operation: string, point: 'written' | 'committed', scenario: Scenario) {
  let url = await start(`${operation}${point === 'committed' ? '@committed' : ''}`);
  await ensureKey(url);
  const request = await scenario.prepare(url);
  const before = await scenario.count(url);
  const idem = `crash-${randomBytes(8).toString('hex')}`;
  const died = exited(child!);
  await expect(call(url, request.method, request.path, request.body, idem)).rejects.toThrow();
  expect(await died).toBe('SIGKILL');

  url = await start();
  // What survived the crash: nothing at the first point (rolled back), the record at the second.
  expect(await scenario.count(url)).toBe(before + (point === 'committed' ? 1 : 0));
  const retry = await call(url, request.method, request.path, request.body, idem);
  expect(retry.status, retry.text).toBeLessThan(300);
  expect(retry.replayed).toBe(point === 'committed');
  expect(await scenario.count(url)).toBe(before + 1);
  expect(retry.body.id).toBe(await scenario.onlyId(url));
  // And from now on the key replays that answer, byte for byte.
  const again = await call(url, request.method, request.path, request.body, idem);
  expect(again.replayed).toBe(true);
  expect(again.text).toBe(retry.text);
  expect(await scenario.count(url)).toBe(before + 1);
  await stop();
}

const categoryScenario = (name: string): Scenario => {
  const matching = async (url: string) =>
    ((await call(url, 'GET', `/categories?q=${encodeURIComponent(name)}`)).body.data as { id: string; name: string }[]).filter(
      (c) => c.name === name,
    );
  return {
    prepare: async () => ({ method: 'POST', path: '/categories', body: { name } }),
    count: async (url) => (await matching(url)).length,
    onlyId: async (url) => (await matching(url))[0]!.id,
  };
};

const packageScenario = (): Scenario => {
  const marker = `Crash ${randomBytes(4).toString('hex')}`;
  const mine = async (url: string) =>
    (await call(url, 'GET', `/signature-packages?size=100&q=${encodeURIComponent(marker)}`)).body.data as { id: string }[];
  return {
    async prepare(url) {
      const preview = await call(
        url,
        'POST',
        '/signature-packages/preview',
        ndaBody({ signers: ndaBody().signers.map((s) => ({ ...s, name: `${marker} ${s.slot_id}` })) }),
      );
      expect(preview.status).toBe(200);
      return {
        method: 'POST',
        path: '/signature-packages',
        body: { template_id: 'dst_nda', preview_token: preview.body.preview_token, confirmed: true },
      };
    },
    count: async (url) => (await mine(url)).length,
    onlyId: async (url) => (await mine(url))[0]!.id,
  };
};

describe('a write and its idempotent reply commit together', () => {
  it('category create, killed inside the transaction: rolled back whole, the retry creates exactly one', async () => {
    await crashAndRetry('categories.create', 'written', categoryScenario(`Crash inside ${randomBytes(3).toString('hex')}`));
  }, 90_000);

  it('category create, killed after COMMIT: the retry replays the stored answer with the same id', async () => {
    await crashAndRetry('categories.create', 'committed', categoryScenario(`Crash after ${randomBytes(3).toString('hex')}`));
  }, 90_000);

  it('package send, killed inside the transaction: the receipt is not consumed, the retry sends exactly one', async () => {
    await crashAndRetry('packages.send', 'written', packageScenario());
  }, 90_000);

  it('package send, killed after COMMIT: the retry replays the stored 201 with the same package', async () => {
    await crashAndRetry('packages.send', 'committed', packageScenario());
  }, 90_000);
});

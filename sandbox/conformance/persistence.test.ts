import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyOf } from './harness.ts';

// The sandbox as its own process: state survives kill -9, --reset starts clean, and the
// JSON logs never carry a key or the control token.
const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
const controlToken = `ctl-${randomBytes(12).toString('hex')}`;
const logs: string[] = [];
let child: ChildProcess | null = null;

async function start(reset = false): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', ...(reset ? ['--reset'] : [])], {
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_CONTROL_TOKEN: controlToken,
      SANDBOX_READY_LINE: '1',
      SANDBOX_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  proc.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sandbox did not start')), 30_000);
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      logs.push(line);
      const ready = /^SANDBOX_READY (\S+)$/.exec(line);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
  });
}

const requestLines = () => logs.filter((l) => l.includes('"msg":"request"'));

/** The log line follows the answer; wait for it so a kill -9 cannot race it. */
async function waitForRequestLines(n: number) {
  for (let i = 0; i < 100 && requestLines().length < n; i++) await new Promise((r) => setTimeout(r, 50));
}

function kill9(): Promise<void> {
  return new Promise((resolve) => {
    child!.once('exit', () => resolve());
    child!.kill('SIGKILL');
  });
}

/** A category list as the suite reads it, in either dialect. */
const listOf = async (res: Response) => bodyOf(res.status, res.headers.get('content-type') ?? undefined, await res.text()) as { data: { id: string }[] };

const api = (url: string, key: string, method = 'GET', body?: unknown, idem?: string) =>
  fetch(`${url}/api/v1${method === 'GET' ? '/categories?size=100' : '/categories'}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      'x-service-environment': 'sandbox',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(idem ? { 'idempotency-key': idem } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) await kill9();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('persistence', () => {
  let key = '';
  let categoryId = '';
  const idem = `persist-${randomBytes(6).toString('hex')}`;

  it('keeps an acknowledged write, its idempotency record and the keys across kill -9', async () => {
    let url = await start();
    const res = await fetch(`${url}/__sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-control': controlToken },
      body: JSON.stringify({ app_id: 'app_persist', scopes: ['catalog:read', 'categories:write'], requester_role: 'admin' }),
    });
    key = ((await res.json()) as { api_key: string }).api_key;
    const created = await api(url, key, 'POST', { name: 'Survives kill -9' }, idem);
    expect(created.status).toBe(200);
    const first = await created.text();
    categoryId = (bodyOf(created.status, created.headers.get('content-type') ?? undefined, first) as { id: string }).id;
    await waitForRequestLines(2);
    await kill9();

    url = await start();
    const list = await listOf(await api(url, key));
    expect(list.data.map((c) => c.id)).toContain(categoryId);
    const replay = await api(url, key, 'POST', { name: 'Survives kill -9' }, idem);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(first);
    await waitForRequestLines(4);
    await kill9();
  });

  it('--reset starts clean with the seed catalog again', async () => {
    const url = await start(true);
    const res = await fetch(`${url}/__sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-control': controlToken },
      body: JSON.stringify({ app_id: 'app_after_reset', scopes: ['catalog:read'], requester_role: 'admin' }),
    });
    const freshKey = ((await res.json()) as { api_key: string }).api_key;
    expect((await api(url, key)).status).toBe(401);
    const list = await listOf(await api(url, freshKey));
    expect(list.data.map((c) => c.id)).not.toContain(categoryId);
    expect(list.data.map((c) => c.id)).toContain('cat_finance');
    await waitForRequestLines(7);
    await kill9();
  });

  it('logged every request as JSON without a key or the control token', () => {
    const text = logs.join('\n');
    expect(requestLines()).toHaveLength(7);
    for (const line of requestLines()) expect(() => JSON.parse(line)).not.toThrow();
    expect(key).toMatch(/^sk_/);
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(11));
    expect(text).not.toContain(controlToken);
  });
});

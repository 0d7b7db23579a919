import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// Throughput of GET /api/v1/categories on a sandbox in its own process, so that autocannon
// (here) and the server (there) each get a core instead of sharing one event loop.
// `npx tsx bench/sandbox-catalog.ts`; BENCH_DURATION (s) and BENCH_CONNECTIONS override.

const TARGET_RPS = 5_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PATH = '/api/v1/categories';

/** The part of autocannon's API and result this script reads (the package ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
const root = fileURLToPath(new URL('..', import.meta.url));

async function startSandbox(dataDir: string, controlToken: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_CONTROL_TOKEN: controlToken,
      SANDBOX_LOG_LEVEL: 'warn',
      SANDBOX_READY_LINE: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sandbox did not start within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`sandbox exited early with code ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^SANDBOX_READY (\S+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return { url, child };
}

async function createKey(url: string, controlToken: string): Promise<string> {
  const res = await fetch(`${url}/__sandbox/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-control': controlToken },
    // Rate limit 0 switches the limiter off for this key: we measure the server, not the bucket.
    body: JSON.stringify({ app_id: 'app_bench', scopes: ['catalog:read'], requester_role: 'viewer', rate_limit_per_minute: 0 }),
  });
  if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { api_key: string }).api_key;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  const controlToken = `bench-${randomBytes(16).toString('hex')}`;
  const { url, child } = await startSandbox(dataDir, controlToken);
  try {
    const apiKey = await createKey(url, controlToken);
    const headers = { authorization: `Bearer ${apiKey}`, 'x-service-environment': 'sandbox' };
    const probe = await fetch(`${url}${PATH}`, { headers });
    if (probe.status !== 200) throw new Error(`probe answered ${probe.status}: ${await probe.text()}`);
    const bodyBytes = (await probe.arrayBuffer()).byteLength;

    // Other work on the machine takes cores from both processes; the load average says how much.
    const load = Number(loadavg()[0]!.toFixed(2));
    console.log(`sandbox ${url} (pid ${child.pid}); node ${process.version}; ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}); load average ${load}`);
    console.log(`GET ${PATH}: ${bodyBytes} bytes per answer; warm-up ${WARMUP_S} s, then ${DURATION_S} s at ${CONNECTIONS} connections`);
    await autocannon({ url: `${url}${PATH}`, connections: CONNECTIONS, duration: WARMUP_S, headers });
    const r = await autocannon({ url: `${url}${PATH}`, connections: CONNECTIONS, duration: DURATION_S, headers });

    const rps = r.requests.total / r.duration;
    const met = rps >= TARGET_RPS && r.non2xx === 0 && r.errors === 0;
    console.log(`requests: ${r.requests.total} in ${r.duration.toFixed(1)} s (${r['2xx']} 2xx, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`);
    console.log(`throughput: ${Math.round(rps)} req/s (autocannon per-second average ${Math.round(r.requests.average)})`);
    console.log(`latency: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, mean ${r.latency.average} ms, max ${r.latency.max} ms`);
    console.log(`target ${TARGET_RPS} req/s: ${met ? 'MET' : 'NOT MET'}`);
    console.log(
      JSON.stringify({
        bench: 'sandbox-catalog',
        path: `GET ${PATH}`,
        connections: CONNECTIONS,
        duration_s: Number(r.duration.toFixed(1)),
        req_per_s: Math.round(rps),
        p50_ms: r.latency.p50,
        p99_ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        target_req_per_s: TARGET_RPS,
        target_met: met,
        cpus: cpus().length,
        load_avg_1m_before: load,
      }),
    );
    if (r.non2xx > 0 || r.errors > 0) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

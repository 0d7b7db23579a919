import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedSandbox } from '../scripts/lib/embedded-sandbox.ts';
import { runMain } from './lib/run.ts';

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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  const controlToken = `bench-${randomBytes(16).toString('hex')}`;
  // Rate limit 0 switches the limiter off for this key: we measure the server, not the bucket.
  const sandbox = await startEmbeddedSandbox({ dataDir, port: 0, quiet: true, controlToken, key: { appId: 'app_bench', scopes: ['catalog:read'], role: 'viewer', ratePerMinute: 0 } });
  const { url, child, apiKey } = sandbox;
  try {
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
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);

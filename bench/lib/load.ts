import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';

// autocannon with exact latencies: its own histogram keeps whole milliseconds, too coarse
// for a sub-millisecond difference at one connection, so every 2xx response time (a float,
// from process.hrtime) is kept here and the percentiles are computed from those.

/** The part of autocannon's result this reads (the package ships no types). */
interface AutocannonResult {
  requests: { total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
type Tracker = EventEmitter & PromiseLike<AutocannonResult>;
type Autocannon = (opts: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Tracker;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadResult {
  connections: number;
  duration_s: number;
  requests: number;
  req_per_s: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : NaN);
const round = (n: number, digits = 3) => Number(n.toFixed(digits));

/** One autocannon run; 2xx latencies exact to the microsecond. */
export async function load(url: string, connections: number, durationS: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const times: number[] = [];
  const tracker = autocannon({ url, connections, duration: durationS, headers });
  tracker.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    if (status >= 200 && status < 300) times.push(responseTime);
  });
  const r = await tracker;
  const sorted = Float64Array.from(times).sort();
  return {
    connections,
    duration_s: round(r.duration, 2),
    requests: r.requests.total,
    req_per_s: Math.round(r.requests.total / r.duration),
    p50_ms: round(percentile(sorted, 0.5)),
    p99_ms: round(percentile(sorted, 0.99)),
    mean_ms: round(times.reduce((a, b) => a + b, 0) / (times.length || 1)),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Warm-up (discarded), then the measured run. */
export async function measure(url: string, connections: number, warmupS: number, durationS: number, headers: Record<string, string> = {}) {
  await load(url, connections, warmupS, headers);
  return load(url, connections, durationS, headers);
}

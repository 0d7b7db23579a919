import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/console-process';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { checkMetrics, ensurePrometheusInstalled, startPrometheus } from '../support/prometheus';
import { startTestConsole, type TestConsole } from '../console/harness';

// Issue 34: Prometheus metrics at GET /api/metrics, for the METRICS_TOKEN bearer only. The
// console runs on PostgreSQL here, so the pool's gauges have a pool to read; a second console
// without the token shares the sandbox to show that metrics are then simply not there.
const TOKEN = 'metrics-test-token-0123456789-abcdefghijkl';
let pg: TestPostgres;
let c: TestConsole;
let off: TestConsole;
let tools: ReturnType<typeof ensurePrometheusInstalled>;

beforeAll(async () => {
  tools = ensurePrometheusInstalled();
  pg = await startPostgres();
  // A known rate share, so the budget left is a number rather than +Inf.
  c = await startTestConsole({ databaseUrl: pg.url, env: { METRICS_TOKEN: TOKEN, SIGNING_API_RATE_LIMIT_PER_MINUTE: '6000' } });
  off = await startTestConsole({
    shared: { sandbox: c.sandbox, appId: c.appId, apiKey: c.apiKey },
    env: { METRICS_TOKEN: undefined },
  });
}, 240_000);
afterAll(async () => {
  await off?.close();
  await c?.close();
  await pg?.stop();
});

const scrape = (t: TestConsole, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, cookie?: string) =>
  t.call('GET', '/api/metrics', { headers, cookie });

/** Samples of an exposition, keyed by name and sorted labels: `name{a="1",b="2"}`. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = [...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, k, v]) => `${k}="${v}"`)
      .sort();
    out.set(`${m[1]}{${labels.join(',')}}`, Number(m[3]));
  }
  return out;
}
const key = (name: string, labels: Record<string, string> = {}) =>
  `${name}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',')}}`;

describe('GET /api/metrics', () => {
  it('is not there at all without METRICS_TOKEN: the answer any missing route gets', async () => {
    const missing = await off.call('GET', '/api/no-such-route');
    for (const reply of [await scrape(off), await scrape(off, {}), await scrape(off, { authorization: 'Bearer ' })]) {
      expect(reply.status).toBe(404);
      expect({ ...reply.body.error, request_id: null }).toEqual({ ...missing.body.error, request_id: null });
      expect(reply.bytes.toString()).not.toContain('signdesk_');
    }
  });

  it('refuses a missing or wrong token alike, 401 with no details, and a session is no token', async () => {
    const refusals = [
      await scrape(c, {}),
      await scrape(c, { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }),
      await scrape(c, { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` }),
      await scrape(c, {}, c.cookies.admin),
    ];
    for (const reply of refusals) {
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(reply.body.error).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'A valid metrics token is required.',
        request_id: expect.any(String),
      });
      expect(reply.bytes.toString()).not.toContain('signdesk_');
    }
  });

  it('counts requests, upstream calls, sign-in failures and the console database, by pattern, never by id', async () => {
    const { viewer, admin } = c.cookies;
    // Six failed sign-ins to an account from a browser it does not know: past its free five.
    for (let i = 0; i < 6; i++) {
      const reply = await c.call('POST', '/api/auth/sign-in', {
        body: { email: 'ghost@test.local', password: 'wrong-password' },
        headers: { 'x-forwarded-for': '198.51.100.34' },
      });
      expect(reply.status).toBe(401);
    }
    expect((await c.call('GET', '/api/categories', { cookie: viewer })).status).toBe(200);
    expect((await c.call('GET', '/api/packages/pkg_metrics_nowhere', { cookie: viewer })).status).toBe(404);
    expect((await c.call('GET', '/api/auth/me', { cookie: viewer })).status).toBe(200);
    expect((await c.call('GET', '/api/health')).status).toBe(200);
    const created = await c.call('POST', '/api/categories', {
      cookie: admin,
      body: { name: 'Metrics test' },
      idempotencyKey: 'metrics-test-key-1',
    });
    expect(created.status).toBe(200);

    const reply = await scrape(c);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const text = reply.bytes.toString('utf8');
    const s = samples(text);
    const at = (name: string, labels?: Record<string, string>) => s.get(key(name, labels));

    expect(at('signdesk_http_requests_total', { route: '/api/auth/sign-in', method: 'POST', status: '401' })).toBe(6);
    expect(at('signdesk_http_requests_total', { route: '/api/packages/[id]', method: 'GET', status: '404' })).toBe(1);
    expect(at('signdesk_http_requests_total', { route: '/api/categories', method: 'POST', status: '200' })).toBe(1);
    expect(at('signdesk_http_requests_total', { route: '/api/health', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(at('signdesk_http_request_duration_seconds_count', { route: '/api/categories', method: 'GET' })).toBe(1);
    expect(at('signdesk_http_request_duration_seconds_sum', { route: '/api/categories', method: 'GET' })).toBeGreaterThan(0);
    // The scrapes refused above are requests too.
    expect(at('signdesk_http_requests_total', { route: '/api/metrics', method: 'GET', status: '401' })).toBe(4);

    expect(at('signdesk_upstream_requests_total', { operation: 'GET /categories', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(at('signdesk_upstream_requests_total', { operation: 'GET /signature-packages/{id}', status: '404' })).toBe(1);
    expect(at('signdesk_upstream_requests_total', { operation: 'POST /categories', status: '200' })).toBe(1);
    expect(at('signdesk_upstream_request_duration_seconds_count', { operation: 'GET /signature-packages/{id}' })).toBe(1);

    expect(at('signdesk_sign_in_failures_total', { reason: 'INVALID_CREDENTIALS' })).toBe(6);
    expect(at('signdesk_sign_in_throttled', { kind: 'account' })).toBe(1);
    expect(at('signdesk_sign_in_throttled', { kind: 'address' })).toBe(0);

    expect(at('signdesk_intents', { state: 'succeeded' })).toBe(1);
    expect(at('signdesk_intents', { state: 'unknown' })).toBe(0);
    for (const state of ['to_review', 'reviewed', 'sending', 'sent', 'failed', 'cancelled'])
      expect(at('signdesk_bulk_rows', { state })).toBe(0);

    // Background work (issue 36): a series for every queue and state, 0 included, read from the queue.
    for (const queue of ['bulk-send-row', 'bulk-sweep', 'retention'])
      for (const state of ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'])
        expect(at('signdesk_background_jobs', { queue, state }), `${queue} ${state}`).toBeGreaterThanOrEqual(0);
    expect(at('signdesk_background_jobs', { queue: 'bulk-send-row', state: 'failed' })).toBe(0);

    expect(at('signdesk_db_pool_connections_idle')! + at('signdesk_db_pool_connections_in_use')!).toBeGreaterThanOrEqual(1);
    expect(at('signdesk_db_pool_waiting_requests')).toBe(0);
    expect(at('signdesk_database_unavailable_total')).toBe(0);

    expect(at('signdesk_upstream_queue_held_requests')).toBe(0);
    expect(at('signdesk_upstream_queue_waited_total')).toBe(0);
    expect(at('signdesk_upstream_queue_refused_total', { reason: 'wait' })).toBe(0);
    // 6000 a minute at 90 %: a burst of 90, a few spent.
    const remaining = at('signdesk_upstream_budget_remaining_requests')!;
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(90);
    expect(at('signdesk_process_resident_memory_bytes')).toBeGreaterThan(0);

    // Patterns only: no id, no e-mail, no address of anything the traffic named.
    for (const raw of [
      'pkg_metrics_nowhere',
      'ghost@test.local',
      'viewer@test.local',
      '198.51.100.34',
      'metrics-test-key-1',
      TOKEN,
    ])
      expect(text).not.toContain(raw);

    // Prometheus's own judge of the format and its conventions (names, units, HELP).
    const check = checkMetrics(tools.promtool, text);
    expect(check, check.output).toEqual({ status: 0, output: '' });
  });

  it('counts the background work as it runs: the periodic sweep, in the jobs and in the runs', async () => {
    // The sweep is queued every 10 s from start: poll until one has finished.
    let done: number | undefined;
    let runs: number | undefined;
    for (let i = 0; i < 60 && !(done && runs); i++) {
      if (i) await new Promise((r) => setTimeout(r, 500));
      const s = samples((await scrape(c)).bytes.toString('utf8'));
      done = s.get(key('signdesk_background_jobs', { queue: 'bulk-sweep', state: 'completed' }));
      runs = s.get(key('signdesk_background_job_runs_total', { queue: 'bulk-sweep', outcome: 'completed' }));
    }
    expect(done).toBeGreaterThanOrEqual(1);
    expect(runs).toBeGreaterThanOrEqual(1);
  });

  it('is scraped by a real Prometheus with the token', async () => {
    const prometheus = await startPrometheus({
      binary: tools.prometheus,
      port: await freePort(),
      target: new URL(c.url).host,
      metricsPath: '/api/metrics',
      token: TOKEN,
    });
    try {
      let up: string | null = null;
      for (let i = 0; i < 60 && up !== '1'; i++) {
        await new Promise((r) => setTimeout(r, 250));
        up = await prometheus.query('up{job="signdesk"}');
      }
      expect(up).toBe('1');
      expect(Number(await prometheus.query('signdesk_sign_in_failures_total{reason="INVALID_CREDENTIALS"}'))).toBe(6);
    } finally {
      await prometheus.stop();
    }
  });

  it('still answers while the console database is down: outages counted, its counts absent rather than stale', async () => {
    await pg.halt();
    try {
      expect((await c.call('GET', '/api/auth/me', { cookie: c.cookies.viewer })).status).toBe(503);
      const reply = await scrape(c);
      expect(reply.status).toBe(200);
      const s = samples(reply.bytes.toString('utf8'));
      expect(s.get(key('signdesk_database_unavailable_total'))).toBeGreaterThanOrEqual(1);
      expect([...s.keys()].filter((k) => /^signdesk_(intents|bulk_rows|sign_in_throttled|background_jobs)\{/.test(k))).toEqual(
        [],
      );
      expect(s.get(key('signdesk_http_requests_total', { route: '/api/auth/me', method: 'GET', status: '503' }))).toBe(1);
    } finally {
      await pg.resume();
    }
    // Back with the database, without a restart.
    let back: number | undefined;
    for (let i = 0; i < 40 && back === undefined; i++) {
      if (i) await new Promise((r) => setTimeout(r, 250));
      back = samples((await scrape(c)).bytes.toString('utf8')).get(key('signdesk_intents', { state: 'succeeded' }));
    }
    expect(back).toBe(1);
  });
});

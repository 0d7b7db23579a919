import 'server-only';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { db } from '../db';
import { pgPool } from '../db/connect';
import { logger } from '../logger';
import { upstreamBudget } from '../signing-api/client/upstream-budget';
import { jobQueue } from '../jobs/job-queue-holder';
import { JOB_STATES } from '../jobs/job-queue';
import { QUEUE_NAMES } from '../jobs/queues';
import { countBulkRowsByState, countIntentsByState, countThrottled } from './console-counts';
import { countDeliveriesByState } from '../notifications/failed-deliveries';

// The console's Prometheus metrics, scraped at GET /api/metrics (app/api/metrics/route.ts).
// Labels stay few: a route's pattern, never its path; an API operation with its ids replaced;
// states and reasons from fixed sets; never a user, an e-mail, an address or an id. Counters and
// histograms count as things happen; the rest is read when Prometheus scrapes (`collect`).

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A gauge of one database count by label, read at scrape time; absent while the database cannot answer. */
function databaseGauge<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  label: L,
  read: (conn: Awaited<ReturnType<typeof db>>) => Promise<Record<string, number>>,
) {
  return new Gauge({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    async collect() {
      try {
        const counts = await read(await db());
        for (const [value, n] of Object.entries(counts)) this.set({ [label]: value } as Record<L, string>, n);
      } catch (err) {
        // Stale numbers would read as real ones: the series go until the database answers again.
        this.reset();
        logger().warn(
          { metric: name, code: (err as Error & { code?: unknown }).code ?? (err as Error).name },
          'metrics: database count failed',
        );
      }
    },
  });
}

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'signdesk_' });
  // Gauges named like counters, which promtool rejects; each repeats the sum of its twin by type.
  for (const twin of ['active_handles', 'active_requests', 'active_resources'])
    registry.removeSingleMetric(`signdesk_nodejs_${twin}_total`);
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter({ name, help, labelNames, registers: [registry] });

  const metrics = {
    registry,
    httpRequests: counter('signdesk_http_requests_total', 'Console API requests answered, by route pattern, method and status.', [
      'route',
      'method',
      'status',
    ]),
    httpDuration: new Histogram({
      name: 'signdesk_http_request_duration_seconds',
      help: 'Time to answer a console API request (until its headers), by route pattern and method.',
      labelNames: ['route', 'method'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    upstreamRequests: counter(
      'signdesk_upstream_requests_total',
      'Signing API requests (each attempt), by operation and status or network_error.',
      ['operation', 'status'],
    ),
    upstreamDuration: new Histogram({
      name: 'signdesk_upstream_request_duration_seconds',
      help: 'Time to the Signing API answer (its headers) of each attempt, by operation.',
      labelNames: ['operation'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    databaseUnavailable: counter(
      'signdesk_database_unavailable_total',
      'Requests answered 503 DATABASE_UNAVAILABLE: the console database was out of reach.',
    ),
    signInFailures: counter('signdesk_sign_in_failures_total', 'Refused sign-ins, by reason (the error code).', ['reason']),
    jobRuns: counter(
      'signdesk_background_job_runs_total',
      'Runs of background jobs in this instance, by queue and outcome (completed, or failed: retried or failed for good).',
      ['queue', 'outcome'],
    ),
  };

  // Every queue and state has a series, 0 included, so an alert on failed jobs sees them appear.
  new Gauge({
    name: 'signdesk_background_jobs',
    help: 'Background jobs by queue and state (created, retry, active, completed, failed, cancelled), as the job system keeps them.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      try {
        const counts = await (await jobQueue()).counts();
        this.reset();
        for (const queue of QUEUE_NAMES) for (const state of JOB_STATES) this.set({ queue, state }, 0);
        for (const { queue, state, count } of counts) this.set({ queue, state }, count);
      } catch (err) {
        this.reset(); // stale numbers would read as real ones
        logger().warn(
          { metric: 'signdesk_background_jobs', code: (err as Error & { code?: unknown }).code ?? (err as Error).name },
          'metrics: background job count failed',
        );
      }
    },
  });

  // The fair queue keeps its own counts (fair-queue.ts); they are copied in at scrape time.
  new Gauge({
    name: 'signdesk_upstream_queue_held_requests',
    help: "Requests waiting now for their turn at the Signing API's rate limit.",
    registers: [registry],
    collect() {
      this.set(upstreamBudget().held);
    },
  });
  new Counter({
    name: 'signdesk_upstream_queue_waited_total',
    help: "Requests that waited for their turn at the Signing API's rate limit and went.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(upstreamBudget().waited);
    },
  });
  new Counter({
    name: 'signdesk_upstream_queue_wait_seconds_total',
    help: 'Time requests spent waiting for their turn, in all.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(upstreamBudget().waitedMs / 1000);
    },
  });
  new Counter({
    name: 'signdesk_upstream_queue_refused_total',
    help: 'Requests refused 429 CONSOLE_BUSY instead of waiting: wait (held too long) or lane-full (one user has too many waiting).',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, n] of Object.entries(upstreamBudget().refused)) this.inc({ reason }, n);
    },
  });
  new Gauge({
    name: 'signdesk_upstream_budget_remaining_requests',
    help: 'Requests that may go to the Signing API now without waiting (+Inf: SIGNING_API_RATE_LIMIT_PER_MINUTE unset; 0 while a 429 pauses everyone).',
    registers: [registry],
    collect() {
      this.set(upstreamBudget().remaining);
    },
  });

  // Set by readPool before each scrape (scrape.ts), not in collect: read while the scrape's own
  // counts run, the pool would show them as its load.
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const pool = {
    inUse: gauge('signdesk_db_pool_connections_in_use', 'PostgreSQL connections of the pool running a query (0 on SQLite).'),
    idle: gauge('signdesk_db_pool_connections_idle', 'PostgreSQL connections of the pool open and idle (0 on SQLite).'),
    waiting: gauge('signdesk_db_pool_waiting_requests', 'Queries waiting for a PostgreSQL connection of the pool (0 on SQLite).'),
  };

  databaseGauge(
    registry,
    'signdesk_intents',
    'Intents in the journal by state; unknown ones await a replay of their key.',
    'state',
    countIntentsByState,
  );
  databaseGauge(registry, 'signdesk_bulk_rows', 'Rows of bulk batches by state.', 'state', countBulkRowsByState);
  databaseGauge(
    registry,
    'signdesk_notification_deliveries',
    'Notification e-mail deliveries by state; failed ones gave up after their retries (Admin → Background work).',
    'state',
    countDeliveriesByState,
  );
  databaseGauge(
    registry,
    'signdesk_sign_in_throttled',
    'Throttle keys whose sign-ins are slowed or refused now, by kind (account, address, device).',
    'kind',
    (conn) => countThrottled(conn),
  );
  return { ...metrics, pool };
}

// Kept on globalThis: Next may load this module once per route bundle, and a metric registered
// twice under one name is an error; every copy must count into the one registry scraped.
const holder = globalThis as unknown as { signdeskMetrics?: ReturnType<typeof createMetrics> };
export const metrics = () => (holder.signdeskMetrics ??= createMetrics());

/** The PostgreSQL pool's counts as they stand before a scrape; 0s on SQLite or while the database is out of reach. */
export async function readPool(): Promise<void> {
  const p = await db().then(pgPool, () => undefined);
  const { pool } = metrics();
  pool.inUse.set(p ? p.totalCount - p.idleCount : 0);
  pool.idle.set(p ? p.idleCount : 0);
  pool.waiting.set(p ? p.waitingCount : 0);
}

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { machineAtStart, reportResult } from './lib/report.ts';
import { runMain } from './lib/run.ts';
import { machine } from './lib/stack.ts';
import { seedHistory } from '../scripts/lib/seed-history.ts';

// Insights (issue 39): the figures behind GET /api/insights (server/insights/read-insights.ts,
// the route's one use case) read over a year of history, 100,000 packages and 20,000 approval
// requests (scripts/lib/seed-history.ts, as `npm run seed:history` makes it), on SQLite and on
// PostgreSQL (a throw-away server, as the PostgreSQL tests start one). Each case (an admin and
// a team member; the last 30 and 90 days and a whole year; a template filter, a workflow filter) is read
// BENCH_INSIGHTS_ROUNDS times after a warm-up; the p95 of each dialect's reads is held against
// 300 ms. In process, so the figure is the database's work and the route's own, not HTTP's.
// `npm run bench -- --only insights`; BENCH_INSIGHTS_DIALECTS=sqlite (or postgres) runs one;
// BENCH_INSIGHTS_PACKAGES / BENCH_INSIGHTS_REQUESTS change the history's size.

const TARGET_MS = 300;
const ROUNDS = Number(process.env.BENCH_INSIGHTS_ROUNDS ?? 10);
const DIALECTS = (process.env.BENCH_INSIGHTS_DIALECTS ?? 'sqlite,postgres').split(',').filter(Boolean);
const PACKAGES = Number(process.env.BENCH_INSIGHTS_PACKAGES ?? 100_000);
const REQUESTS = Number(process.env.BENCH_INSIGHTS_REQUESTS ?? 20_000);

const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
};
const ms = (x: number) => Number(x.toFixed(1));

async function main() {
  const before = machineAtStart();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-insights-'));
  // The console's modules read their settings once, from here: set before they are imported.
  Object.assign(process.env, {
    SIGNING_API_BASE_URL: 'http://127.0.0.1:9',
    SIGNING_API_KEY: 'bench-insights-unused',
    SESSION_PASSWORD: randomBytes(32).toString('hex'),
    CONSOLE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  const { connect, migrate } = await import('../server/db/connect.ts');
  const { readInsights } = await import('../server/insights/read-insights.ts');
  const { withScope, EVERYTHING } = await import('../server/teams/scope.ts');
  const now = new Date();
  const results: Record<string, unknown> = {};
  let met = true;
  for (const dialect of DIALECTS) {
    let pg: { url: string; stop(): Promise<void> } | null = null;
    if (dialect === 'postgres') {
      const { startPostgres } = await import('../tests/support/postgres.ts');
      pg = await startPostgres();
    }
    const target = { databaseUrl: pg?.url, dataDir: join(dataDir, dialect) };
    mkdirSync(target.dataDir, { recursive: true });
    // Seeded through a connection of its own, closed before reading (as `npm run seed:history`
    // then a console start would): SQLite's write-ahead log is checkpointed into the file.
    const seeder = await connect(target);
    const seeding = performance.now();
    let teams: string[];
    try {
      await migrate(seeder, Boolean(pg));
      ({ teams } = await seedHistory(seeder, { packages: PACKAGES, requests: REQUESTS, now }));
    } finally {
      await seeder.destroy();
    }
    console.log(
      `${dialect}: seeded ${PACKAGES} packages and ${REQUESTS} requests in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const db = await connect(target);
    try {
      const admin = { id: 'bench_admin', roles: ['admin' as const] };
      const member = { id: 'seed_user_1', roles: ['viewer' as const] };
      const teamScope = { kind: 'teams' as const, teamIds: [teams[0]!] };
      const year = {
        period: 'custom' as const,
        from: new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10),
        to: now.toISOString().slice(0, 10),
      };
      const cases = [
        { name: 'admin, last 30 days', user: admin, scope: EVERYTHING, query: { period: '30d' as const } },
        { name: 'admin, last 90 days', user: admin, scope: EVERYTHING, query: { period: '90d' as const } },
        { name: 'admin, a year', user: admin, scope: EVERYTHING, query: year },
        { name: 'team member, last 30 days', user: member, scope: teamScope, query: { period: '30d' as const } },
        { name: 'team member, a year', user: member, scope: teamScope, query: year },
        { name: 'admin, a year, one template', user: admin, scope: EVERYTHING, query: { ...year, template: 'dst_nda' } },
        { name: 'admin, a year, one workflow', user: admin, scope: EVERYTHING, query: { ...year, workflow: 'wf_expense' } },
      ];
      const all: number[] = [];
      const perCase: Record<string, { p95_ms: number; max_ms: number }> = {};
      for (const c of cases) {
        const query = { tz: 'Europe/Berlin', ...c.query };
        const read = () => withScope(c.scope, () => readInsights({ query, user: c.user, now, db }));
        await read(); // warm-up: statements prepared, pages cached
        const times: number[] = [];
        for (let i = 0; i < ROUNDS; i += 1) {
          const t = performance.now();
          await read();
          times.push(performance.now() - t);
        }
        all.push(...times);
        perCase[c.name] = { p95_ms: ms(p95(times)), max_ms: ms(Math.max(...times)) };
        console.log(`${dialect}: ${c.name}: p95 ${ms(p95(times))} ms`);
      }
      const overall = ms(p95(all));
      met &&= overall <= TARGET_MS;
      results[dialect] = { p95_ms: overall, reads: all.length, cases: perCase };
    } finally {
      await db.destroy();
      await pg?.stop();
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  reportResult(
    { bench: 'insights', met, target_p95_ms: TARGET_MS, packages: PACKAGES, requests: REQUESTS, rounds: ROUNDS, ...results },
    before,
    machine(),
  );
}

runMain(main);

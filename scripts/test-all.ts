import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { WORLD_CHANGING } from '../playwright.config.ts';
import { ensureChromium } from './lib/chromium.ts';
import { sqliteBinding } from './lib/sqlite-binding.ts';

// An internal console sends nothing anywhere: Next's anonymous telemetry is off for every build and server this starts.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

// `npm test`: every suite but the benchmarks — lint and types, units, sandbox conformance,
// console API (over HTTP against a built console) and the browser journeys. Ends with one
// line "N passed, N failed" summed over all runners.
const bin = (name: string) => `node_modules/.bin/${name}`;
const runAsync = (cmd: string, args: string[], env: Record<string, string>) =>
  new Promise<number>((resolve) => {
    spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).once('close', (code) => resolve(code ?? 1));
  });

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
/**
 * The world-changing journeys run one at a time against a console and sandbox of their own,
 * in three groups, each with its own pair on the next ports, taken by whichever lane is free
 * (main, below). The groups are of about equal length, by the seconds a CI run measured; a
 * world spec in no group, or in two, stops the run.
 */
const WORLD_GROUPS = [
  ['documents', 'editor', 'approval-releases', 'sign-template', 'admin-teams'], // ≈ 290 s, about 20 s, one journey of about 40 s, and the teams screens
  ['packages', 'api-struggles', 'live-packages'], // ≈ 325 s
  ['send-exactly-once', 'sandbox-panel', 'package-drafts', 'bulk-lapse', 'send-for-team'], // ≈ 310 s, one journey of about 15 s, and the team picker
].map((names) => names.map((n) => `e2e/${n}.spec.ts`));
interface E2ERun {
  name: string;
  args: string[];
  port: number;
  sandboxPort: number;
  env?: Record<string, string>;
}
const E2E_RUNS: E2ERun[] = [
  {
    name: 'journeys',
    args: ['--project=journeys'],
    port: BASE_PORT,
    sandboxPort: BASE_SANDBOX_PORT,
    env: { E2E_JOURNEYS_PART: 'main' },
  },
  ...WORLD_GROUPS.map((files, i) => ({
    name: `world-${i + 1}`,
    args: ['--project=world', ...files],
    // The journeys run alongside: every run has a port pair of its own.
    port: BASE_PORT + 1 + i,
    sandboxPort: BASE_SANDBOX_PORT + 1 + i,
  })),
  /**
   * The journeys that mostly wait or are long (JOURNEYS_APART in playwright.config.ts), one at a
   * time: lane one's journeys run shorter, and this fills time the world runs leave idle.
   */
  {
    name: 'journeys-apart',
    args: ['--project=journeys', '--workers=1'],
    port: BASE_PORT + 2 + WORLD_GROUPS.length,
    sandboxPort: BASE_SANDBOX_PORT + 2 + WORLD_GROUPS.length,
    env: { E2E_JOURNEYS_PART: 'apart' },
  },
  /**
   * The journeys tagged @dialect, against a sandbox speaking the alternate dialect: a
   * representative subset (every area, and every error path that branches on an upstream
   * answer), one at a time beside the world groups, since some of them change the world.
   */
  {
    name: 'alternate-dialect',
    args: ['--project=journeys', '--project=world', '--grep=@dialect', '--workers=1'],
    port: BASE_PORT + 1 + WORLD_GROUPS.length,
    sandboxPort: BASE_SANDBOX_PORT + 1 + WORLD_GROUPS.length,
    env: { SANDBOX_DIALECT: 'alternate' },
  },
];

function checkWorldGroups() {
  for (const name of DIALECT_BLIND)
    if (!existsSync(`sandbox/conformance/${name}.test.ts`))
      throw new Error(`DIALECT_BLIND in scripts/test-all.ts names sandbox/conformance/${name}.test.ts, which does not exist.`);
  const world = readdirSync('e2e')
    .filter((f) => f.endsWith('.spec.ts') && WORLD_CHANGING.test(f))
    .map((f) => `e2e/${f}`)
    .sort();
  const grouped = WORLD_GROUPS.flat().sort();
  if (JSON.stringify(world) !== JSON.stringify(grouped))
    throw new Error(
      `WORLD_GROUPS in scripts/test-all.ts must hold each world spec once.\n  world specs: ${world.join(', ')}\n  grouped:     ${grouped.join(', ')}`,
    );
}
/**
 * Conformance suites about what lies under the wire (the store's durability, data modes,
 * pruning, what the log keeps, the control plane), which the dialect does not touch: run once.
 */
const DIALECT_BLIND = new Set(['crash-consistency', 'persistence', 'data-modes', 'pruning', 'log-secrets', 'control-keys']);
/**
 * Run again against the sandbox's alternate dialect (sandbox/http/dialect.ts): the console route
 * suites whose answers depend on what the API said (the console must hold to the spec alone),
 * and the conformance suite over the wire (what the spec fixes must be the same in both dialects).
 */
const ALTERNATE_DIALECT_SUITES = [
  ...['approvals', 'catalog', 'documents', 'editor', 'home', 'packages'].map((s) => `tests/console/${s}-routes.test.ts`),
  ...readdirSync('sandbox/conformance')
    .filter((f) => f.endsWith('.test.ts') && !DIALECT_BLIND.has(f.replace(/\.test\.ts$/, '')))
    .map((f) => `sandbox/conformance/${f}`),
];
/**
 * Suites that mostly wait (throttle windows, command-line processes starting and stopping),
 * taken out of lane one's Vitest run, the longest lane, and run on lane two once its checks are
 * done: about 100 s of lane one's wall time, little CPU.
 */
const WAITING_SUITES = ['tests/security/sign-in-throttle.test.ts', 'tests/ops'];
const reportOf = (r: E2ERun) => `test-results/playwright-${r.name}.json`;
/**
 * Vitest's own default on two cores is one worker, which runs the console suites one after
 * another although they mostly wait (on consoles they start, throttle windows, clocks). Alone,
 * three files at a time took the standard run from 456 s to 155 s on this machine; beside the
 * other lane, which keeps both cores busy, three slowed everything else: two it is.
 */
const VITEST_WORKERS = '--maxWorkers=2';
/** A Vitest run's arguments: the files or filters chosen, on the console's two workers, reported to `report`. */
const vitestArgs = (report: string, selection: string[]) => [
  'run',
  VITEST_WORKERS,
  ...selection,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

// Each phase's wall time, printed at the end: the budget (a CI run within 15 minutes) is kept
// by knowing which phase grew.
const phaseTimes: [string, number][] = [];
async function timed<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    phaseTimes.push([name, Math.round((Date.now() - started) / 1000)]);
  }
}

async function main() {
  checkWorldGroups();
  mkdirSync('test-results', { recursive: true });
  // Found or installed beside the build; the first browser run waits for it.
  const chromium = timed('chromium', ensureChromium).then(
    (path) => {
      console.log(`Chromium: ${path}`);
      return path;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      return null;
    },
  );

  let failedSteps = 0;
  // Compiled beside the build when the install deferred it; awaited by what opens a database.
  const sqlite = timed('better-sqlite3 compile', sqliteBinding);
  const withSqlite = async (work: () => Promise<number>) => ((await sqlite) ? work() : 1);
  if (!process.env.SKIP_BUILD) {
    // The type check runs in lane two below (tsc over every file, the build's included).
    if ((await timed('build', () => runAsync(bin('next'), ['build'], { SIGNDESK_BUILD_TYPES_CHECKED_APART: '1' }))) !== 0) {
      console.error('next build failed');
      console.log('0 passed, 1 failed');
      process.exit(1);
    }
  }
  rmSync('test-results/vitest.json', { force: true });
  rmSync('test-results/vitest-alternate.json', { force: true });
  rmSync('test-results/vitest-waiting.json', { force: true });
  for (const suite of WAITING_SUITES)
    if (!existsSync(suite)) throw new Error(`WAITING_SUITES in scripts/test-all.ts names ${suite}, which does not exist`);
  for (const r of E2E_RUNS) {
    rmSync(`.data/e2e-${r.port}`, { recursive: true, force: true });
    rmSync(reportOf(r), { force: true });
  }
  const alternate = vitestArgs('test-results/vitest-alternate.json', [
    '--project=console',
    '--project=sandbox',
    ...ALTERNATE_DIALECT_SUITES,
  ]);
  const e2e = async (r: E2ERun) => {
    const browser = await chromium;
    if (!browser) return 1;
    return runAsync(bin('playwright'), ['test', ...r.args], {
      ...r.env,
      CHROMIUM_PATH: browser,
      PLAYWRIGHT_JSON: reportOf(r),
      E2E_PORT: String(r.port),
      E2E_SANDBOX_PORT: String(r.sandboxPort),
    });
  };
  // Three lanes on two cores. Lane one: the Vitest run, then the journeys on two workers, both
  // busy on both cores. Lane two: lint and types beside the alternate-dialect Vitest run, then the waiting suites. Lane
  // three, from the start: the world runs (a world group, the journeys kept apart, or the
  // alternate-dialect journeys), one journey at a time, which wait on clocks, polls and held
  // answers more than they compute;
  // lane two takes from the same queue once its own work is done, and lane one once its own is.
  // With two lanes, those waits left about a quarter of the cores idle over a run. Each run has
  // ports and data directories of its own, and writes its own report; each run's wall time is
  // printed. The longest world group first, the shortest last: the lanes end close together.
  // The journeys stay after lane one's Vitest run: run beside it (from one queue with the world
  // runs), both slowed so much that the CPU spent grew by a sixth and the run took 1013 s, not 876.
  // But lanes two and three then stood idle for the journeys' last few minutes (CI took 1224 s):
  // the journeys that mostly wait or are long run apart, on those lanes, one at a time.
  const worldQueue = ['world-2', 'journeys-apart', 'world-1', 'alternate-dialect', 'world-3'].map((name) =>
    E2E_RUNS.find((r) => r.name === name)!,
  );
  if (new Set(worldQueue).size !== E2E_RUNS.length - 1 || worldQueue.includes(E2E_RUNS[0]!))
    throw new Error('the world queue in scripts/test-all.ts must hold every run but the journeys, once');
  const takeWorld = async () => {
    const codes: number[] = [];
    for (let r = worldQueue.shift(); r; r = worldQueue.shift()) {
      const run = r;
      codes.push(await timed(`playwright ${run.name}`, () => e2e(run)));
    }
    return codes;
  };
  const [laneOne, laneTwo, laneThree] = await Promise.all([
    (async () => {
      const standardCode = await withSqlite(() =>
        timed('vitest', () =>
          runAsync(
            bin('vitest'),
            vitestArgs(
              'test-results/vitest.json',
              WAITING_SUITES.flatMap((s) => ['--exclude', s.endsWith('.ts') ? s : `${s}/**`]),
            ),
            {},
          ),
        ),
      );
      const journeysCode = await timed('playwright journeys', () => e2e(E2E_RUNS[0]!));
      return [standardCode, journeysCode, ...(await takeWorld())];
    })(),
    (async () => {
      const [checkFailures, alternateCode] = await Promise.all([
        timed('lint and types', async () => {
          // The compile of better-sqlite3, which lane one's Vitest run waits on, keeps one core:
          // tsc takes the other, and eslint starts once the compile is done. Both beside it
          // starved it (88 s became 118 s, all of it on the critical path).
          const types = runAsync(bin('tsc'), ['--noEmit'], {});
          await sqlite;
          const [lint, typesCode] = await Promise.all([runAsync(bin('eslint'), ['.'], {}), types]);
          return (lint === 0 ? 0 : 1) + (typesCode === 0 ? 0 : 1);
        }),
        withSqlite(() =>
          timed('vitest, alternate dialect', () => runAsync(bin('vitest'), alternate, { SANDBOX_DIALECT: 'alternate' })),
        ),
      ]);
      if (checkFailures > 0) console.error('lint or typecheck failed (see above)');
      const waitingCode = await withSqlite(() =>
        timed('vitest, waiting suites', () =>
          runAsync(bin('vitest'), vitestArgs('test-results/vitest-waiting.json', WAITING_SUITES), {}),
        ),
      );
      return [checkFailures, alternateCode, waitingCode, ...(await takeWorld())];
    })(),
    (async () => ((await sqlite) ? takeWorld() : [1]))(),
  ]);
  failedSteps += [...laneOne, ...laneTwo, ...laneThree].filter((code) => code !== 0).length;

  const [standard, alt, waiting] = [
    'test-results/vitest.json',
    'test-results/vitest-alternate.json',
    'test-results/vitest-waiting.json',
  ].map((f) => readJson<VitestSummary>(f));
  const v: VitestSummary | null =
    standard && alt && waiting
      ? {
          numPassedTests: standard.numPassedTests + alt.numPassedTests + waiting.numPassedTests,
          numFailedTests: standard.numFailedTests + alt.numFailedTests + waiting.numFailedTests,
        }
      : null;
  const phases = E2E_RUNS.map((r) => readJson<PlaywrightReport>(reportOf(r)));
  const e2ePassed = phases.reduce((n, p) => n + (p ? p.stats.expected + p.stats.flaky : 0), 0);
  const e2eFailed = phases.reduce((n, p) => n + (p ? p.stats.unexpected : 1), 0);
  const passed = (v?.numPassedTests ?? 0) + e2ePassed;
  const failed = (v?.numFailedTests ?? 0) + e2eFailed + (v ? 0 : 1);
  // CI shows only the end of the log: name what failed (and what passed only on its retry) here.
  const failing = [
    ...failedVitest(standard),
    ...failedVitest(alt),
    ...failedVitest(waiting),
    ...phases.flatMap((p, i) => unsettledJourneys(p, E2E_RUNS[i]!.name)),
  ];
  if (failing.length > 0) console.log(`\nNot passed at the first try:\n${failing.map((f) => `  ${f}`).join('\n')}`);
  console.log(`\n${phaseTimes.map(([name, s]) => `${name}: ${s} s`).join('; ')}`);
  console.log(
    `vitest: ${v ? `${v.numPassedTests} passed, ${v.numFailedTests} failed` : 'no report'}; playwright: ${e2ePassed} passed, ${e2eFailed} failed`,
  );
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
}

interface VitestSummary {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; assertionResults?: { status: string; fullName: string }[] }[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; line: number; tests: { status: string }[] }[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites?: PlaywrightSuite[];
}

function failedVitest(report: VitestSummary | null | undefined): string[] {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((a) => a.status === 'failed')
      .map((a) => `vitest ${relative(process.cwd(), file.name)} › ${a.fullName}: failed`),
  );
}

function unsettledJourneys(report: PlaywrightReport | null, run: string): string[] {
  if (!report) return [`playwright ${run}: no report`];
  const walk = (suite: PlaywrightSuite, file: string): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
        .map(
          (t) =>
            `playwright ${run} ${file}:${spec.line} › ${spec.title}: ${t.status === 'flaky' ? 'passed on its retry' : 'failed'}`,
        ),
    ),
    ...(suite.suites ?? []).flatMap((s) => walk(s, file)),
  ];
  return (report.suites ?? []).flatMap((s) => walk(s, s.file ?? s.title));
}

function readJson<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});

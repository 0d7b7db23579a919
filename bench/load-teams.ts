import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { machine, root } from './lib/stack.ts';
import { machineAtStart, reportResult } from './lib/report.ts';
import { runMain } from './lib/run.ts';

// Teams under load (issue 38): the browsing minute of bench/load.ts (100 operators, a click every
// 0.5–1.5 s) four times in this one run, each on a fresh console and sandbox, in the order
// none, teams, teams, none (so a machine growing busier or calmer weighs on both sides alike):
// with no team (every operator sees everyone's work, as before teams), and with the operators in
// 5 teams, the sandbox's requests and documents given to the teams in turn, each team seeing only
// its own (the console's records decide what a team's lists hold; the API is read for current
// state). Targets: no errors, and the mean p99 and API calls per console request with teams no
// worse than without them, within TOLERANCE (two runs of the same minute on this machine differ
// by about that much); the p99 of the lists teams narrow is printed per kind.
// `npm run bench -- --only load-teams`.

const TEAMS = Number(process.env.BENCH_LOAD_TEAMS_COUNT ?? 5);
/** How much worse the minute with teams may measure and still count as no worse: run-to-run noise. */
const TOLERANCE = 0.15;

interface Minute {
  p50_ms: number;
  p99_ms: number;
  errors: number;
  requests: number;
  upstream_per_request: number;
  by_kind: Record<string, { p99_ms: number }>;
  met: boolean;
}

/** The kinds of click whose answer a team narrows (bench/load.ts's ACTIONS). */
const SCOPED = ['approval requests', 'documents', 'packages', 'home', 'search'];

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round = (x: number) => Number(x.toFixed(3));

/** The runs of one side, as one: means of their p50, p99, API calls per request and each kind's p99; errors summed. */
function side(runs: Minute[]) {
  return {
    p50_ms: round(mean(runs.map((r) => r.p50_ms))),
    p99_ms: round(mean(runs.map((r) => r.p99_ms))),
    upstream_per_request: round(mean(runs.map((r) => r.upstream_per_request))),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    p99_by_kind: Object.fromEntries(SCOPED.map((k) => [k, round(mean(runs.map((r) => r.by_kind[k]?.p99_ms ?? NaN)))])),
  };
}

function minuteWith(teams: number): Promise<Minute> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/load.ts'], {
    cwd: root,
    env: { ...process.env, BENCH_LOAD_ONLY: 'minute', BENCH_LOAD_TEAMS: String(teams) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let summary: Minute | null = null;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    console.log(`  ${line.startsWith('{') ? line.slice(0, 160) + '…' : line}`);
    if (line.startsWith('{"bench":"load-minute"')) summary = JSON.parse(line) as Minute;
  });
  return new Promise((resolve, reject) =>
    child.once('close', (code) =>
      summary ? resolve(summary) : reject(new Error(`bench/load.ts with ${teams} teams ended (${code}) without its result`)),
    ),
  );
}

async function main() {
  const before = machineAtStart();
  const runs: Record<'none' | 'teams', Minute[]> = { none: [], teams: [] };
  for (const which of ['none', 'teams', 'teams', 'none'] as const) {
    console.log(
      which === 'none' ? 'the browsing minute with no team:' : `the browsing minute with the operators in ${TEAMS} teams:`,
    );
    runs[which].push(await minuteWith(which === 'none' ? 0 : TEAMS));
  }
  const none = side(runs.none);
  const teams = side(runs.teams);
  const p99Ratio = teams.p99_ms / none.p99_ms;
  const callsRatio = teams.upstream_per_request / Math.max(none.upstream_per_request, 0.001);
  const met = none.errors === 0 && teams.errors === 0 && p99Ratio <= 1 + TOLERANCE && callsRatio <= 1 + TOLERANCE;
  for (const k of SCOPED)
    console.log(`  ${k.padEnd(18)} p99 ${none.p99_by_kind[k]} ms with no team, ${teams.p99_by_kind[k]} ms in teams`);
  console.log(
    `no team: p99 ${none.p99_ms} ms, ${none.upstream_per_request} API calls per request; ${TEAMS} teams: p99 ${teams.p99_ms} ms ` +
      `(${p99Ratio.toFixed(2)}×), ${teams.upstream_per_request} API calls per request (${callsRatio.toFixed(2)}×); ` +
      `errors ${none.errors} / ${teams.errors}: ${met ? 'met' : 'MISSED'} (no worse, within ${TOLERANCE * 100} %; means of two runs each)`,
  );
  reportResult(
    {
      bench: 'load-teams',
      teams: TEAMS,
      without_teams: none,
      with_teams: teams,
      p99_ratio: Number(p99Ratio.toFixed(2)),
      upstream_ratio: Number(callsRatio.toFixed(2)),
      tolerance: TOLERANCE,
      met,
    },
    before,
    machine(),
  );
}

runMain(main);

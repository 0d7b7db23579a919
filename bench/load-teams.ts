import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { machine, root } from './lib/stack.ts';
import { machineAtStart, reportResult } from './lib/report.ts';
import { runMain } from './lib/run.ts';

// Teams under load (issue 38): the browsing minute of bench/load.ts (100 operators, a click every
// 0.5–1.5 s) twice in this one run, each on a fresh console and sandbox: once with no team (every
// operator sees everyone's work, as before teams), then with the operators in 5 teams, each
// seeing only its own (the console's records decide what a team's lists hold; the API is read
// for current state). Targets: no errors, and the p99 and the API calls per console request with
// teams no worse than without them in the same run, within TOLERANCE (two runs of the same minute
// on this machine differ by about that much). `npm run bench -- --only load-teams`.

const TEAMS = Number(process.env.BENCH_LOAD_TEAMS_COUNT ?? 5);
/** How much worse the minute with teams may measure and still count as no worse: run-to-run noise. */
const TOLERANCE = 0.15;

interface Minute {
  p50_ms: number;
  p99_ms: number;
  errors: number;
  requests: number;
  upstream_per_request: number;
  met: boolean;
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
  console.log('the browsing minute with no team:');
  const none = await minuteWith(0);
  console.log(`the browsing minute with the operators in ${TEAMS} teams:`);
  const teams = await minuteWith(TEAMS);
  const p99Ratio = teams.p99_ms / none.p99_ms;
  const callsRatio = teams.upstream_per_request / Math.max(none.upstream_per_request, 0.001);
  const met = none.errors === 0 && teams.errors === 0 && p99Ratio <= 1 + TOLERANCE && callsRatio <= 1 + TOLERANCE;
  console.log(
    `no team: p99 ${none.p99_ms} ms, ${none.upstream_per_request} API calls per request; ${TEAMS} teams: p99 ${teams.p99_ms} ms ` +
      `(${p99Ratio.toFixed(2)}×), ${teams.upstream_per_request} API calls per request (${callsRatio.toFixed(2)}×); ` +
      `errors ${none.errors} / ${teams.errors}: ${met ? 'met' : 'MISSED'} (no worse, within ${TOLERANCE * 100} %)`,
  );
  reportResult(
    {
      bench: 'load-teams',
      teams: TEAMS,
      without_teams: {
        p50_ms: none.p50_ms,
        p99_ms: none.p99_ms,
        requests: none.requests,
        upstream_per_request: none.upstream_per_request,
        errors: none.errors,
      },
      with_teams: {
        p50_ms: teams.p50_ms,
        p99_ms: teams.p99_ms,
        requests: teams.requests,
        upstream_per_request: teams.upstream_per_request,
        errors: teams.errors,
      },
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

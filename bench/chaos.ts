import { randomBytes } from 'node:crypto';
import { ChaosBrowser, requestsInFlight, type WriteRecord } from './lib/chaos-browser.ts';
import { startChaosStack, type ChaosStack } from './lib/chaos-stack.ts';
import { judge, sandboxReader, type KindFigures } from './lib/chaos-verdict.ts';
import { currentRelease, round, type Env } from './lib/chaos-workload.ts';
import { machine } from './lib/stack.ts';
import { runMain } from './lib/run.ts';

// Issue 13: a chaos bench through the console. Several simulated browsers make hundreds of
// keyed writes of every kind (categories, archives, uploads, deletes, approval requests and
// revisions, package sends and archives, editor saves) while a lossy proxy between the console
// and the sandbox drops requests, loses committed answers and answers 503; in the middle of the
// writes the console and later the sandbox are killed with SIGKILL and started again on the
// same port and data. Each browser retries as the real browser code does (lib/chaos-browser.ts).
// Then the sandbox is read directly: duplicates, lost acknowledged writes and writes that never
// got a definite success are counted. Target 0, 0, 0.
//
// NEXT_DIST_DIR=.next-chaos npx next build   (once; not the shared .next)
// NEXT_DIST_DIR=.next-chaos node --conditions=react-server --import tsx bench/chaos.ts
// Knobs: CHAOS_ROUNDS (60), CHAOS_BROWSERS (4), CHAOS_DROP / CHAOS_LOSE_ANSWER / CHAOS_503
// (0.06 each), CHAOS_KILL (1; 0 keeps both servers alive), CHAOS_MAX_ATTEMPTS (12).

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
  return v;
};

const ROUNDS = num('CHAOS_ROUNDS', 60);
const BROWSERS = Math.max(1, num('CHAOS_BROWSERS', 4));
const RATES = { drop: num('CHAOS_DROP', 0.06), loseAnswer: num('CHAOS_LOSE_ANSWER', 0.06), unavailable: num('CHAOS_503', 0.06) };
const KILL = num('CHAOS_KILL', 1) > 0;

interface Crash {
  what: 'console' | 'sandbox';
  at_round: number;
  /** browser requests waiting for an answer at the moment of the kill */
  in_flight: number;
  killed_pid: number;
  down_ms: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kills the console at 30 % of the rounds and the sandbox at 60 %, while the browsers keep writing. */
async function director(stack: ChaosStack, progress: () => number, finished: () => boolean): Promise<Crash[]> {
  const crashes: Crash[] = [];
  const plan = [
    { what: 'console' as const, at: Math.floor(ROUNDS * 0.3), crash: stack.crashConsole },
    { what: 'sandbox' as const, at: Math.floor(ROUNDS * 0.6), crash: stack.crashSandbox },
  ];
  for (const step of plan) {
    while (progress() < step.at && !finished()) await sleep(50);
    if (finished()) break;
    const atRound = progress();
    const inFlight = requestsInFlight();
    const { killedPid, downMs } = await step.crash();
    console.log(
      `  kill -9 ${step.what} (pid ${killedPid}) at round ${atRound} with ${inFlight} browser requests in flight; serving again after ${downMs} ms`,
    );
    crashes.push({ what: step.what, at_round: atRound, in_flight: inFlight, killed_pid: killedPid, down_ms: downMs });
  }
  return crashes;
}

function table(byKind: Record<string, KindFigures>, totals: KindFigures) {
  const cols = ['writes', 'acknowledged', 'duplicates', 'lost', 'failed', 'attempts', 'intent_state_mismatches'] as const;
  const head = ['kind'.padEnd(32), ...cols.map((c) => c.replace('intent_state_mismatches', 'state≠').padStart(14))].join('');
  console.log(head);
  for (const [kind, f] of [...Object.entries(byKind).sort(), ['TOTAL', totals] as const]) {
    console.log([kind.padEnd(32), ...cols.map((c) => String(f[c]).padStart(14))].join(''));
  }
}

async function main() {
  const run = `chaos${randomBytes(3).toString('hex')}`;
  console.log(
    `chaos bench ${run}: ${ROUNDS} rounds, ${BROWSERS} browsers, drop ${RATES.drop}, lose answer ${RATES.loseAnswer}, 503 ${RATES.unavailable}, kill -9 ${KILL ? 'on' : 'off'}`,
  );
  const started = performance.now();
  const stack = await startChaosStack({ browsers: BROWSERS, rates: RATES });
  try {
    const reader = sandboxReader(stack.sandboxUrl, stack.apiKey);
    const browsers = await Promise.all(stack.users.map(async (u) => new ChaosBrowser(stack.consoleUrl, await stack.signIn(u))));
    const env: Env = {
      run,
      sandboxUrl: stack.sandboxUrl,
      controlToken: stack.controlToken,
      setupFailures: new Map(),
      readSandbox: (p) => reader.one(p),
    };
    const releaseId = await currentRelease(browsers[0]!);

    let next = 0;
    let done = 0;
    let finished = false;
    const chaos = KILL
      ? director(
          stack,
          () => done,
          () => finished,
        )
      : Promise.resolve([]);
    await Promise.all(
      browsers.map(async (b) => {
        for (let i = next++; i < ROUNDS; i = next++) {
          await round(b, env, i, releaseId);
          done += 1;
          if (done % 10 === 0)
            console.log(`  ${done}/${ROUNDS} rounds, ${browsers.reduce((n, x) => n + x.records.length, 0)} writes`);
        }
      }),
    );
    finished = true;
    const crashes = await chaos;
    stack.proxy.setLossy(false);
    const writesMs = performance.now() - started;

    const records: WriteRecord[] = browsers.flatMap((b) => b.records);
    const verdict = await judge(records, reader);
    const open = await Promise.all(browsers.map((b) => b.call<{ data: { state: string }[] }>('GET', '/api/intents')));
    const openIntents = open.reduce((n, o) => n + o.data.length, 0);

    console.log('');
    table(verdict.byKind, verdict.totals);
    console.log(`proxy: ${JSON.stringify(stack.proxy.stats)}`);
    if (env.setupFailures.size)
      console.log(
        `unkeyed steps that kept failing (their writes were not attempted): ${JSON.stringify(Object.fromEntries(env.setupFailures))}`,
      );
    console.log(`intents the console's journal still holds open: ${openIntents}`);
    for (const p of verdict.problems.slice(0, 40)) console.log(`  ! ${p}`);
    if (verdict.problems.length > 40) console.log(`  … and ${verdict.problems.length - 40} more`);

    const { totals } = verdict;
    const met = totals.duplicates === 0 && totals.lost === 0 && totals.failed === 0 && crashes.length === (KILL ? 2 : 0);
    const summary = {
      bench: 'chaos',
      writes: totals.writes,
      kinds: Object.keys(verdict.byKind).length,
      duplicates: totals.duplicates,
      lost: totals.lost,
      failed: totals.failed,
      attempts: totals.attempts,
      intent_state_mismatches: totals.intent_state_mismatches,
      open_intents: openIntents,
      setup_failures: [...env.setupFailures.values()].reduce((a, b) => a + b, 0),
      proxy_dropped: stack.proxy.stats.drop,
      proxy_lost_answers: stack.proxy.stats.lose_answer,
      proxy_503: stack.proxy.stats.unavailable,
      proxy_upstream_down: stack.proxy.stats.upstream_down,
      crashes,
      browsers: BROWSERS,
      rounds: ROUNDS,
      duration_s: Number((writesMs / 1000).toFixed(1)),
      ...machine(),
      target: '0 duplicates, 0 lost, 0 failed',
      met,
    };
    console.log(JSON.stringify(summary));
    if (!met) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

runMain(main);

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './lib/chromium.ts';

// `npm test`: every suite but the benchmarks — units, sandbox conformance, console API
// (over HTTP against a built console), then the browser journeys. Ends with one line
// "N passed, N failed" summed over all runners.
const E2E_PHASES = ['journeys', 'world'] as const;
const bin = (name: string) => `node_modules/.bin/${name}`;
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

async function main() {
  mkdirSync('test-results', { recursive: true });
  const chromium = await ensureChromium();
  console.log(`Chromium: ${chromium}`);

  let failedSteps = 0;
  if (!process.env.SKIP_BUILD) {
    if (run(bin('next'), ['build']) !== 0) {
      console.error('next build failed');
      console.log('0 passed, 1 failed');
      process.exit(1);
    }
  }
  rmSync('test-results/vitest.json', { force: true });
  failedSteps += run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']) === 0 ? 0 : 1;
  rmSync(`.data/e2e-${process.env.E2E_PORT ?? 3100}`, { recursive: true, force: true });
  // Two phases (see playwright.config.ts): journeys in parallel, then those that change the
  // sandbox's world one at a time. Each phase writes its own JSON report.
  for (const project of E2E_PHASES) {
    const report = `test-results/playwright-${project}.json`;
    rmSync(report, { force: true });
    failedSteps += run(bin('playwright'), ['test', `--project=${project}`], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON: report }) === 0 ? 0 : 1;
  }

  const v = readJson<{ numPassedTests: number; numFailedTests: number }>('test-results/vitest.json');
  const phases = E2E_PHASES.map((project) => readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(`test-results/playwright-${project}.json`));
  const e2ePassed = phases.reduce((n, p) => n + (p ? p.stats.expected + p.stats.flaky : 0), 0);
  const e2eFailed = phases.reduce((n, p) => n + (p ? p.stats.unexpected : 1), 0);
  const passed = (v?.numPassedTests ?? 0) + e2ePassed;
  const failed = (v?.numFailedTests ?? 0) + e2eFailed + (v ? 0 : 1);
  console.log(`\nvitest: ${v ? `${v.numPassedTests} passed, ${v.numFailedTests} failed` : 'no report'}; playwright: ${e2ePassed} passed, ${e2eFailed} failed`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
}

function readJson<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});

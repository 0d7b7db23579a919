import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/lib/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
export const E2E_DEMO_PASSWORD = 'e2e-demo-password-42';
export const E2E_CONTROL_TOKEN = process.env.E2E_CONTROL_TOKEN ?? 'e2e-control-token-0123456789abcdef';

// One locale for every journey, since dates and numbers follow the browser's (lib/format.ts).
// Reduced motion, as a user may ask (app/globals.css): an endless spinner or skeleton pulse has
// Chromium draw every frame, about 0.08 CPU-s per second on screen on this 2-core machine, and
// the journeys spend much of their time waiting with one on screen.
const browser = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1360, height: 900 },
  locale: 'en-GB',
  reducedMotion: 'reduce' as const,
};
// Whole file names (a path or a bare name): request-documents.spec.ts is no documents.spec.ts.
export const WORLD_CHANGING =
  /(?:^|[\\/])(admin-teams|api-struggles|approval-releases|bulk-lapse|documents|editor|live-packages|packages|package-drafts|sandbox-panel|send-exactly-once|send-for-team|sign-template)\.spec\.ts$/;

// Journeys run against the production build with the embedded sandbox on their own ports
// and data directories; scripts/test-all.ts builds first and supplies CHROMIUM_PATH.
/**
 * Journeys that mostly wait (CPU slowed on purpose, every page walked one after another) or
 * are long: `npm test` runs them apart from the others, one at a time on a lane the world runs
 * leave idle (scripts/test-all.ts), with E2E_JOURNEYS_PART=apart; the rest run with
 * E2E_JOURNEYS_PART=main. Unset, the journeys project holds them all.
 */
export const JOURNEYS_APART = /(?:^|[\\/])(tab-title|every-page|security-headers|docs-screens|admin)\.spec\.ts$/;
const journeysPart = process.env.E2E_JOURNEYS_PART;
const journeys =
  journeysPart === 'apart'
    ? { testMatch: JOURNEYS_APART, testIgnore: WORLD_CHANGING }
    : journeysPart === 'main'
      ? { testIgnore: [WORLD_CHANGING, JOURNEYS_APART] }
      : { testIgnore: WORLD_CHANGING };

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 2,
  // On CI one retry: a journey that lost its 60 s to a starved machine gets a second run, and the
  // summary names it (scripts/test-all.ts), so a real failure still fails twice and shows.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records the screen all along: on CI only a retry records one (the failure it
    // explains is the one that counts), which spares every passing journey its cost.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || undefined, args: CHROMIUM_ARGS },
  },
  // One console and one sandbox serve every journey. Journeys that move the sandbox's clock,
  // inject faults, reset it or count app-wide totals change the world for everyone, so they
  // run after the others (a second `playwright test --project=world`, see scripts/test-all.ts)
  // and one at a time; the rest share two workers.
  projects: [
    { name: 'journeys', ...journeys, use: browser },
    { name: 'world', testMatch: WORLD_CHANGING, workers: 1, use: browser },
  ],
  webServer: {
    command: 'node --conditions=react-server --import tsx scripts/start.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      CONSOLE_DATA_DIR: `.data/e2e-${PORT}/console`,
      SANDBOX_DATA_DIR: `.data/e2e-${PORT}/sandbox`,
      SANDBOX_CONTROL_TOKEN: E2E_CONTROL_TOKEN,
      SANDBOX_LOG_LEVEL: 'warn',
      // The journeys' console writes its warnings into the run's output; a line per request
      // would bury them.
      REQUEST_LOG: 'false',
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      // Home shares the API's lists for a moment; the journeys arrange scenes through the
      // sandbox, which no write of the console announces, and look at home right after.
      HOME_CACHE_SECONDS: '2',
      // A review is listed as lapsing from its first minute, so a journey need not wait five.
      HOME_REVIEW_WARN_MINUTES: '10',
      // Home's journeys arrange scenes through the sandbox and look at home right after: Home
      // reads the API's lists then, as it does with the watcher off (issue 36; the watcher's
      // Home is proved by tests/console/home-watcher.test.ts).
      WATCHER_INTERVAL_SECONDS: '0',
      // The notify job probes the API each run (admins' alerts): with faults injected on the
      // catalog's reads, its probe would take an answer a journey set up for its page.
      NOTIFY_INTERVAL_SECONDS: '3600',
    },
  },
});

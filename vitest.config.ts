import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// Three projects: pure units, the sandbox over HTTP, and the console's routes over HTTP.
export default defineConfig({
  resolve: { alias: { '@': root, 'server-only': `${root}tests/support/server-only.ts` } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{lib,server,sandbox,components,scripts}/**/*.unit.test.ts'],
          environment: 'node',
          // Units share both cores with the console suites and the journeys on CI: a PDF-drawing
          // unit that takes 1 s alone can take several there.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'sandbox',
          include: ['sandbox/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          include: ['tests/console/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/ops/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Files run side by side: each starts a console (and a sandbox, a PostgreSQL) of its
          // own on free ports and mostly waits on them, on throttle windows and on clocks.
        },
      },
    ],
  },
});

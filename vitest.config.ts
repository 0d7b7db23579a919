import { defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Without isolation a worker runs file after file in one module graph, instead of a new process
 * with every module imported afresh for each: the standard run took 201 CPU-s instead of 325
 * (two workers alone on this machine). A unit file that changes the environment, mocks a module
 * or stubs a global would leave that to the files after it, or meet what a file before it left
 * in a module's memory: such files run isolated, found by what they contain.
 */
const NEEDS_ISOLATION = /process\.env|vi\.(stubEnv|stubGlobal|mock|doMock|hoisted)|globalThis\./;
// tests/structure: the layers' rules (eslint.config.mjs) linted on snippets.
const UNIT_ROOTS = ['lib', 'server', 'sandbox', 'components', 'scripts', 'tests/structure'];
const unitFiles = UNIT_ROOTS.flatMap((dir) =>
  (readdirSync(join(root, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.unit.test.ts'))
    .map((f) => join(dir, f)),
);
const isolatedUnits = unitFiles.filter((f) => NEEDS_ISOLATION.test(readFileSync(join(root, f), 'utf8')));

// Units in two projects (isolated or not), the sandbox over HTTP, and the console's routes over HTTP.
export default defineConfig({
  resolve: { alias: { '@': root, 'server-only': `${root}tests/support/server-only.ts` } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitFiles,
          exclude: isolatedUnits,
          isolate: false,
          environment: 'node',
          // Units share both cores with the console suites and the journeys on CI: a PDF-drawing
          // unit that takes 1 s alone can take several there.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: isolatedUnits,
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'sandbox',
          include: ['sandbox/conformance/**/*.test.ts'],
          // Each file starts sandboxes of its own; what modules keep is caches keyed by content.
          isolate: false,
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
          // Each file starts its own console (a process) and sandbox; none changes the environment.
          isolate: false,
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

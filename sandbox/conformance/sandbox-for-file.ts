import { afterAll, beforeAll } from 'vitest';
import { newApp, type TestApp } from './approval-fixtures.ts';
import { startTestSandbox, type TestSandbox } from './harness.ts';

// One sandbox for all the tests of a file, and the app its approval suites submit as. Each
// handle is returned at once, so a file's helpers can close over it at the top level, and is
// filled in by a beforeAll hook before the first test runs.

/** Started before the file's first test, closed after its last. */
export function sandboxForFile(opts?: Parameters<typeof startTestSandbox>[0]): TestSandbox {
  const handle = {} as TestSandbox;
  let started: TestSandbox | undefined;
  beforeAll(async () => {
    started = await startTestSandbox(opts);
    Object.assign(handle, started);
  });
  afterAll(async () => started?.close());
  return handle;
}

/** An app of its own on the file's sandbox (call after sandboxForFile: hooks run in order). */
export function appForFile(sb: TestSandbox, opts?: Parameters<typeof newApp>[1]): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await newApp(sb, opts));
  });
  return handle;
}

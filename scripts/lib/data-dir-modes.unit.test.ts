import 'server-only';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedSandbox } from './embedded-sandbox.ts';
import { localSessionPassword } from './prepare-console.ts';

// Issue 19: the start scripts may be the first to create the data folders (the console's
// holds the session password and the sandbox key); they must come out 0700, not 0755.
const parent = mkdtempSync(join(tmpdir(), 'data-dir-modes-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('data folders made by the start scripts', () => {
  it('localSessionPassword creates the console data folder 0700 and the password 0600', () => {
    const dataDir = join(parent, 'console-a', 'data');
    localSessionPassword(dataDir);
    expect([modeOf(join(parent, 'console-a')), modeOf(dataDir), modeOf(join(dataDir, 'session-password'))]).toEqual([
      0o700, 0o700, 0o600,
    ]);
  });

  it('the embedded sandbox keeps its key in a 0700 folder and its data in another', async () => {
    const consoleDir = join(parent, 'console-b');
    const keyFile = join(consoleDir, 'embedded-sandbox-key.json');
    const dataDir = join(parent, 'sandbox-b');
    const sandbox = await startEmbeddedSandbox({ dataDir, port: 0, keyFile, quiet: true });
    try {
      expect([modeOf(consoleDir), modeOf(keyFile), modeOf(dataDir), modeOf(join(dataDir, 'sandbox.db'))]).toEqual([
        0o700, 0o600, 0o700, 0o600,
      ]);
    } finally {
      await sandbox.stop();
    }
  }, 60_000);
});

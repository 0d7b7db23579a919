import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentFileName } from '../domain/documents.ts';
import { startTestSandbox } from './harness.ts';
import { makePdf, uploadPdf } from './fixtures.ts';

// Issue 19: the sandbox's database and stored PDFs were created 0644 in 0755 folders,
// readable by every local user. They must be the owner's alone whatever the umask (this
// test process keeps the usual 022).
const parent = mkdtempSync(join(tmpdir(), 'sandbox-modes-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;
const modesIn = (dir: string) => Object.fromEntries(readdirSync(dir).map((name) => [name, modeOf(join(dir, name))]));

/** Starts a sandbox on `dataDir`, stores an upload, and answers the modes while it runs. */
async function modesAfterUpload(dataDir: string) {
  const sb = await startTestSandbox({ dataDir });
  try {
    const res = await uploadPdf(sb, await sb.newKey(), await makePdf(1));
    expect(res.status).toBe(200);
    const files = join(dataDir, 'files');
    return {
      dir: modeOf(dataDir),
      filesDir: modeOf(files),
      top: modesIn(dataDir),
      stored: modesIn(files),
      uploaded: documentFileName(res.body.id),
    };
  } finally {
    await sb.close();
  }
}

describe('sandbox data: owner-only', () => {
  it('creates its folders 0700, and its database, WAL, seed templates and uploads 0600', async () => {
    const modes = await modesAfterUpload(join(parent, 'fresh', 'sandbox'));
    expect([modes.dir, modes.filesDir]).toEqual([0o700, 0o700]);
    expect(modes.top).toEqual({ files: 0o700, 'sandbox.db': 0o600, 'sandbox.db-wal': 0o600, 'sandbox.db-shm': 0o600 });
    expect(Object.keys(modes.stored).length).toBeGreaterThan(1);
    expect(modes.stored[modes.uploaded]).toBe(0o600);
    expect(Object.values(modes.stored).every((mode) => mode === 0o600)).toBe(true);
  });

  it('takes back folders and a database an earlier version left readable', async () => {
    const dataDir = join(parent, 'older');
    mkdirSync(join(dataDir, 'files'), { recursive: true });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'files'), 0o755);
    writeFileSync(join(dataDir, 'sandbox.db'), '');
    chmodSync(join(dataDir, 'sandbox.db'), 0o644);
    const modes = await modesAfterUpload(dataDir);
    expect([modes.dir, modes.filesDir]).toEqual([0o700, 0o700]);
    expect(modes.top).toEqual({ files: 0o700, 'sandbox.db': 0o600, 'sandbox.db-wal': 0o600, 'sandbox.db-shm': 0o600 });
    expect(modes.stored[modes.uploaded]).toBe(0o600);
    expect(Object.values(modes.stored).every((mode) => mode === 0o600)).toBe(true);
  });
});

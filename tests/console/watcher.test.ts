import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { sentPackageViaConsole, submittedRequest } from './console-fixtures';

// The watcher (issue 36) against the sandbox, as its job runs it: every second here. A change
// made at the sandbox (a package signed, a request sent back) is in the console's status
// history within the watcher's period, at the API's time.

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole({ env: { WATCHER_INTERVAL_SECONDS: '1', WATCHER_MAX_CALLS_PER_RUN: '20' } });
});
afterAll(async () => {
  await c?.close();
});

interface HistoryRow {
  kind: string;
  id: string;
  from_status: string | null;
  to_status: string;
  at: string;
  recorded_at: string;
}

function history(kind: string, id: string): HistoryRow[] {
  const file = new Database(join(c.dataDir, 'console.db'), { readonly: true, fileMustExist: true });
  try {
    return file
      .prepare('SELECT * FROM status_history WHERE kind = ? AND id = ? ORDER BY at, recorded_at')
      .all(kind, id) as HistoryRow[];
  } catch {
    return []; // not migrated yet
  } finally {
    file.close();
  }
}

const within = { timeout: 20_000, interval: 250 };

describe('the watcher of what is open', () => {
  it('records a package signed at the sandbox, at the time the API says it completed, once', async () => {
    const pkg = await sentPackageViaConsole(c);
    await expect.poll(() => history('package', pkg.id).map((h) => h.to_status), within).toContain('queued');
    expect((await c.sandbox.control(`/signature-packages/${pkg.id}/actions`, { action: 'deliver' })).status).toBe(200);
    const completed = await c.sandbox.control(`/signature-packages/${pkg.id}/actions`, { action: 'complete' });
    expect(completed.status).toBe(200);
    const completedAt = (completed.body as { completed_at: string }).completed_at;
    await expect.poll(() => history('package', pkg.id).map((h) => h.to_status), within).toContain('completed');
    const row = history('package', pkg.id).find((h) => h.to_status === 'completed')!;
    expect(row.at).toBe(new Date(completedAt).toISOString());
    // later runs find nothing new to record
    await new Promise((r) => setTimeout(r, 2_500));
    expect(history('package', pkg.id).filter((h) => h.to_status === 'completed')).toHaveLength(1);
  }, 60_000);

  it('records a request sent back for revision, at the time the revision was asked for', async () => {
    const req = await submittedRequest(c);
    await expect.poll(() => history('approval_request', req.id).length, within).toBeGreaterThan(0);
    const sentBack = await c.sandbox.control(`/approval-requests/${req.id}/actions`, {
      action: 'request_revision',
      comment: 'Which module?',
      requirements: [{ message: 'Name the CRM module' }],
    });
    expect(sentBack.status).toBe(200);
    const askedAt = (sentBack.body as { revision_task: { requested_at: string } }).revision_task.requested_at;
    await expect.poll(() => history('approval_request', req.id).map((h) => h.to_status), within).toContain('NEEDS_REVISION');
    const row = history('approval_request', req.id).find((h) => h.to_status === 'NEEDS_REVISION')!;
    expect([row.from_status, row.at]).toEqual(['IN_PROGRESS', new Date(askedAt).toISOString()]);
  }, 60_000);
});

import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { auditRow } from '../../tests/support/console-rows';
import { batchRow, bulkRowRow, sendRecordRow } from './test-rows';
import { notifyEvents } from './notify';

// Events written straight into a console database, turned into notifications by the job's run.

let dir: string;
let db: Kysely<Database>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-notify-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
});
afterEach(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = new Date('2026-11-26T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

async function sentPackage(packageId: string, userId: string) {
  await db
    .insertInto('send_records')
    .values(sendRecordRow(packageId, userId, NOW, { reference: 'Acme NDA' }))
    .execute();
}

const change = (kind: 'package' | 'approval_request', id: string, from: string | null, to: string, at = NOW) =>
  db
    .insertInto('status_history')
    .values({ kind, id, from_status: from, to_status: to, at: at.toISOString(), recorded_at: at.toISOString() })
    .execute();

const notifications = () => db.selectFrom('notifications').selectAll().orderBy('created_at').orderBy('kind').execute();
const deliveries = () => db.selectFrom('notification_deliveries').selectAll().execute();

describe('notifyEvents', () => {
  it('tells the sender of a package that completed, once, however many runs read the change', async () => {
    await sentPackage('pkg_1', 'usr_a');
    await change('package', 'pkg_1', null, 'queued');
    await change('package', 'pkg_1', 'queued', 'completed', later(1000));
    expect(await notifyEvents({ db, email: true, now: later(2000) })).toBe(1);
    // a second instance whose cursor lagged, and the next run, read the same change
    await db.deleteFrom('notification_cursor').execute();
    expect(await notifyEvents({ db, email: true, now: later(3000) })).toBe(0);
    expect(await notifyEvents({ db, email: true, now: later(4000) })).toBe(0);
    const rows = await notifications();
    expect(rows.map((n) => [n.user_id, n.kind, n.subject_type, n.subject_id, n.href, n.read_at])).toEqual([
      ['usr_a', 'package.completed', 'package', 'pkg_1', '/packages/pkg_1', null],
    ]);
    expect(rows[0]!.body).toContain('Acme NDA');
    // a completion waits for the daily digest by default (preference-defaults.ts)
    expect((await deliveries()).map((d) => [d.notification_id, d.channel, d.state])).toEqual([[rows[0]!.id, 'email', 'digest']]);
  });

  it('tells the submitter of a request sent back, approved or rejected; nobody of what this console did not send', async () => {
    await db
      .insertInto('audit_log')
      .values({
        ...auditRow(NOW.toISOString(), 'approval_request.submit'),
        user_id: 'usr_b',
        target_type: 'approval_request',
        target_id: 'ar_1',
      })
      .execute();
    await change('approval_request', 'ar_1', 'IN_PROGRESS', 'NEEDS_REVISION');
    await change('approval_request', 'ar_1', 'NEEDS_REVISION', 'APPROVED', later(500));
    await change('approval_request', 'ar_other', 'IN_PROGRESS', 'REJECTED');
    await change('package', 'pkg_other', 'queued', 'declined');
    await notifyEvents({ db, email: false, now: later(1000) });
    const rows = await notifications();
    expect(rows.map((n) => [n.user_id, n.kind, n.href]).sort()).toEqual([
      ['usr_b', 'request.approved', '/approvals/ar_1'],
      ['usr_b', 'request.needs_revision', '/approvals/ar_1'],
    ]);
    expect(await deliveries()).toEqual([]);
  });

  it('tells the owner of a batch that finished, and of rows sent back to review, once per slot', async () => {
    const at = NOW.toISOString();
    await db
      .insertInto('bulk_batches')
      .values(batchRow('blk_1', 'usr_c', at, { name: 'November', row_count: 3, change_seq: 5 }))
      .execute();
    const row = (position: number, state: 'sent' | 'failed' | 'to_review', error_code: string | null = null) =>
      bulkRowRow('blk_1', position, state, at, { package_id: state === 'sent' ? `pkg_b${position}` : null, error_code });
    await db
      .insertInto('bulk_rows')
      .values([row(0, 'sent'), row(1, 'to_review', 'RECEIPT_LAPSED'), row(2, 'to_review', 'RECEIPT_LAPSED')])
      .execute();
    await notifyEvents({ db, email: false, now: later(1000) });
    expect((await notifications()).map((n) => [n.user_id, n.kind, n.href])).toEqual([
      ['usr_c', 'bulk.to_review', '/packages/bulk/blk_1'],
    ]);
    await db
      .updateTable('bulk_rows')
      .set({ state: 'failed', updated_at: later(2000).toISOString() })
      .where('position', '>', 0)
      .execute();
    await notifyEvents({ db, email: false, now: later(3000) });
    await notifyEvents({ db, email: false, now: later(4000) });
    expect((await notifications()).map((n) => n.kind).sort()).toEqual(['bulk.finished', 'bulk.to_review']);
  });
});

import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { auditRow, intentRow } from '../../tests/support/console-rows';
import { sendRecordRow, userRow } from './test-rows';
import { notifyEvents } from './notify';
import type { ConsoleHealth } from './admin-alerts';

// The timed kinds and admins' alerts (issue 37): each rule's threshold, and each told once.

let dir: string;
let db: Kysely<Database>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-deadlines-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
});
afterEach(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms);
const iso = (ms: number) => at(ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const T = { expiringHours: 24, queuedMinutes: 60, unconfirmedMinutes: 10, apiDownMinutes: 5 };
const run = (ms: number, health?: ConsoleHealth) => notifyEvents({ db, email: true, now: at(ms), thresholds: T, health });
const told = async () =>
  (await db.selectFrom('notifications').selectAll().orderBy('kind').orderBy('user_id').execute()).map((n) => ({
    user: n.user_id,
    kind: n.kind,
    href: n.href,
    body: n.body,
  }));

async function sentPackage(packageId: string, userId: string, confirmedBy = userId) {
  await db
    .insertInto('send_records')
    .values(sendRecordRow(packageId, userId, at(0), { reference: 'Acme NDA', confirmed_by: confirmedBy }))
    .execute();
}

const watched = (kind: 'package' | 'approval_request', id: string, status: string, seenAt: string, dueAt: string | null) =>
  db
    .insertInto('watched_records')
    .values({
      kind,
      id,
      last_status: status,
      last_seen_at: seenAt,
      finished: ['queued', 'delivered', 'IN_PROGRESS', 'NEEDS_REVISION', 'DRAFT'].includes(status) ? 0 : 1,
      seen_sweep: 's1',
      first_seen_at: seenAt,
      updated_at: seenAt,
      due_at: dueAt,
    })
    .execute();

async function user(id: string, roles: string, disabled = 0) {
  await db
    .insertInto('users')
    .values(userRow(id, iso(0), { roles, disabled }))
    .execute();
}

describe('timed kinds', () => {
  it('tells the sender once that a package expires within the threshold; not before, not after it expired, not a finished one', async () => {
    await sentPackage('pkg_soon', 'usr_prev', 'usr_a');
    await sentPackage('pkg_later', 'usr_a');
    await sentPackage('pkg_done', 'usr_a');
    await watched('package', 'pkg_soon', 'delivered', iso(-HOUR), iso(20 * HOUR));
    await watched('package', 'pkg_later', 'delivered', iso(-HOUR), iso(30 * HOUR));
    await watched('package', 'pkg_done', 'completed', iso(-HOUR), iso(2 * HOUR));
    await run(0);
    await run(MIN);
    expect(await told()).toEqual([
      {
        user: 'usr_a', // the one who confirmed the send, not who previewed it
        kind: 'package.expiring',
        href: '/packages/pkg_soon',
        body: 'Package "Acme NDA" (pkg_soon) expires on 2026-11-27 at 08:00 UTC and not every signer has signed it yet.',
      },
    ]);
    // six hours on, the other one enters the window: told once too
    await run(6 * HOUR + MIN);
    await run(6 * HOUR + 2 * MIN);
    expect((await told()).map((n) => n.href)).toEqual(['/packages/pkg_soon', '/packages/pkg_later']);
  });

  it('tells the sender once that a package is still queued past the threshold after it was sent', async () => {
    await sentPackage('pkg_q', 'usr_a');
    await sentPackage('pkg_d', 'usr_a');
    await watched('package', 'pkg_q', 'queued', iso(0), iso(14 * 24 * HOUR));
    await watched('package', 'pkg_d', 'delivered', iso(0), iso(14 * 24 * HOUR));
    await run(59 * MIN);
    expect(await told()).toEqual([]);
    await run(60 * MIN);
    await run(90 * MIN);
    expect(await told()).toEqual([
      {
        user: 'usr_a',
        kind: 'package.queued_long',
        href: '/packages/pkg_q',
        body: 'Package "Acme NDA" (pkg_q) was sent on 2026-11-26 at 12:00 UTC and is still waiting to be delivered to its signers.',
      },
    ]);
  });

  it('tells the submitter once per SLA that a request in progress is past it; a new layer’s SLA is news again', async () => {
    await db
      .insertInto('audit_log')
      .values({
        ...auditRow(iso(0), 'approval_request.submit'),
        user_id: 'usr_b',
        target_type: 'approval_request',
        target_id: 'ar_1',
      })
      .execute();
    await watched('approval_request', 'ar_1', 'IN_PROGRESS', iso(0), iso(8 * HOUR));
    await watched('approval_request', 'ar_2', 'IN_PROGRESS', iso(0), iso(HOUR)); // not submitted here
    await run(8 * HOUR - 1);
    expect(await told()).toEqual([]);
    await run(8 * HOUR);
    await run(9 * HOUR);
    expect(await told()).toEqual([
      {
        user: 'usr_b',
        kind: 'request.past_sla',
        href: '/approvals/ar_1',
        body: 'Request ar_1 is past the time its approvers were given (due on 2026-11-26 at 20:00 UTC) and is not decided yet.',
      },
    ]);
    // the API's clock, not the console's, says a deadline is past (the sandbox's can be moved on)
    const due = (ms: number) =>
      db
        .updateTable('watched_records')
        .set({ due_at: iso(ms) })
        .where('id', '=', 'ar_1')
        .execute();
    await due(30 * HOUR);
    await notifyEvents({ db, email: false, now: at(10 * HOUR), apiNow: at(30 * HOUR - 1), thresholds: T });
    expect(await told()).toHaveLength(1);
    await notifyEvents({ db, email: false, now: at(10 * HOUR), apiNow: at(30 * HOUR), thresholds: T });
    expect(await told()).toHaveLength(2);
    // a next layer's SLA is news again
    await due(10 * HOUR);
    await run(10 * HOUR);
    expect((await told()).map((n) => n.kind)).toEqual(['request.past_sla', 'request.past_sla', 'request.past_sla']);
  });

  it('tells whoever made an action whose answer was lost, once, after the threshold; a settled one never', async () => {
    await db
      .insertInto('intent_journal')
      .values([
        { ...intentRow('int_lost', 'unknown', iso(0)), user_id: 'usr_c' },
        { ...intentRow('int_ok', 'succeeded', iso(0)), user_id: 'usr_c' },
      ])
      .execute();
    await run(10 * MIN - 1);
    expect(await told()).toEqual([]);
    await run(10 * MIN);
    await run(20 * MIN);
    const [n, ...more] = await told();
    expect(more).toEqual([]);
    expect(n).toMatchObject({ user: 'usr_c', kind: 'intent.unconfirmed', href: '/packages/new' });
    expect(n!.body).toMatch(/^Sent a package \(on 2026-11-26 at 12:00 UTC\): the Signing API's answer was lost/);
  });
});

describe("admins' alerts", () => {
  const up: ConsoleHealth = { api: { ok: true }, failedQueues: [] };
  const down: ConsoleHealth = { api: { ok: false }, failedQueues: [] };
  const refused: ConsoleHealth = { api: { ok: false, refused: true }, failedQueues: [] };
  beforeEach(async () => {
    await user('usr_admin', 'admin');
    await user('usr_both', 'sender,admin');
    await user('usr_sender', 'sender');
    await user('usr_gone', 'admin', 1);
  });

  it('the API unreachable: every admin told once, after the threshold of the incident; a new incident is told again', async () => {
    for (const m of [0, 1, 4]) await run(m * MIN, down);
    expect(await told()).toEqual([]);
    for (const m of [5, 6, 30]) await run(m * MIN, down);
    expect((await told()).map((n) => [n.user, n.kind, n.href])).toEqual([
      ['usr_admin', 'admin.api_unreachable', '/admin'],
      ['usr_both', 'admin.api_unreachable', '/admin'],
    ]);
    expect((await told())[0]!.body).toBe(
      'The Signing API has not answered since 2026-11-26 at 12:00 UTC. Pages that read it fail until it is back.',
    );
    await run(31 * MIN, up);
    for (const m of [40, 46]) await run(m * MIN, down);
    expect((await told()).filter((n) => n.kind === 'admin.api_unreachable')).toHaveLength(4);
  });

  it('the key refused: told at once, once per incident, and not as unreachable', async () => {
    for (const m of [0, 1, 10]) await run(m * MIN, refused);
    expect((await told()).map((n) => [n.user, n.kind])).toEqual([
      ['usr_admin', 'admin.api_key_refused'],
      ['usr_both', 'admin.api_key_refused'],
    ]);
    expect((await told())[0]!.body).not.toMatch(/sk_|Bearer/);
  });

  it('background work failing: told once while jobs keep failing, again after a quiet spell', async () => {
    const failing: ConsoleHealth = { api: null, failedQueues: ['mail', 'bulk-send-row', 'mail'] };
    for (const m of [0, 1, 2]) await run(m * MIN, failing);
    const alerts = await told();
    expect(alerts.map((n) => [n.user, n.kind, n.href])).toEqual([
      ['usr_admin', 'admin.jobs_failing', '/admin/jobs'],
      ['usr_both', 'admin.jobs_failing', '/admin/jobs'],
    ]);
    expect(alerts[0]!.body).toContain('Jobs of bulk-send-row, mail failed after their retries');
    await run(20 * MIN, { api: null, failedQueues: [] });
    await run(21 * MIN, failing);
    expect(await told()).toHaveLength(4);
  });
});

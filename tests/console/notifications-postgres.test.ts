import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { batchRow, bulkRowRow, userRow } from '@/server/notifications/test-rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, migrate } from '@/server/db/connect';
import type { Database } from '@/server/db/schema';
import { mailDue } from '@/server/notifications/mail-due';
import type { Mail } from '@/server/notifications/mailer';
import { notifyEvents } from '@/server/notifications/notify';
import { countDeliveriesByState, failedDeliveries } from '@/server/notifications/failed-deliveries';
import { sendDigests } from '@/server/notifications/digest';
import { startPostgres, type TestPostgres } from '../support/postgres';

// Notifications on PostgreSQL, two instances (two pools) at once: migrations 0024 to 0026 run
// there, each event is told once and each e-mail sent once though both instances run the jobs
// together: the mail at once (a package expired), the daily digest (a batch finished, which
// waits for it by default) claimed by one instance for the person's local day, and the timed
// kinds and admins' alerts, each incident once.

let pg: TestPostgres;
let a: Kysely<Database>;
let b: Kysely<Database>;
const dir = mkdtempSync(join(tmpdir(), 'signdesk-notify-pg-'));
beforeAll(async () => {
  pg = await startPostgres();
  a = await connect({ databaseUrl: pg.url, dataDir: dir });
  b = await connect({ databaseUrl: pg.url, dataDir: dir });
  await Promise.all([migrate(a, true), migrate(b, true)]);
}, 120_000);
afterAll(async () => {
  await a?.destroy();
  await b?.destroy();
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = new Date('2026-11-26T12:00:00.000Z');

describe('notifications on PostgreSQL, two instances', () => {
  it('tells each event once and mails it once', async () => {
    const at = NOW.toISOString();
    await a
      .insertInto('users')
      .values(userRow('usr_pg', at, { email: 'pg@example.com', name: 'P' }))
      .execute();
    await a
      .insertInto('bulk_batches')
      .values(batchRow('blk_pg', 'usr_pg', at, { name: 'PG', row_count: 2, change_seq: 2 }))
      .execute();
    const row = (position: number, state: 'sent' | 'failed') =>
      bulkRowRow('blk_pg', position, state, at, { package_id: state === 'sent' ? 'pkg_pg' : null, sent_at: at });
    await a
      .insertInto('bulk_rows')
      .values([row(0, 'sent'), row(1, 'failed')])
      .execute();
    await a
      .insertInto('status_history')
      .values({ kind: 'package', id: 'pkg_pg', from_status: 'delivered', to_status: 'expired', at, recorded_at: at })
      .execute();

    const later = new Date(NOW.getTime() + 1000);
    const made = await Promise.all([
      notifyEvents({ db: a, email: true, now: later }),
      notifyEvents({ db: b, email: true, now: later }),
      notifyEvents({ db: a, email: true, now: later }),
    ]);
    expect(made.reduce((x, y) => x + y, 0)).toBe(2);
    const told = await a.selectFrom('notifications').select(['kind', 'href']).orderBy('kind').execute();
    expect(told).toEqual([
      { kind: 'bulk.finished', href: '/packages/bulk/blk_pg' },
      { kind: 'package.expired', href: '/packages/pkg_pg' },
    ]);

    const sent: Mail[] = [];
    const mailer = {
      async send(mail: Mail) {
        await new Promise((r) => setTimeout(r, 30));
        sent.push(mail);
      },
    };
    const opts = {
      mailer,
      from: 's@example.com',
      publicUrl: 'https://signdesk.example.com',
      secret: 'a-session-password-of-at-least-32-characters',
      now: () => new Date(NOW.getTime() + 2000),
    };
    await Promise.all([mailDue({ db: a, ...opts }), mailDue({ db: b, ...opts }), mailDue({ db: b, ...opts })]);
    expect(sent.map((m) => m.subject)).toEqual(['Signdesk: Package expired']);

    // the next day's 08:00 UTC (the default hour and zone): one digest, whichever instances run it
    const digestAt = { ...opts, now: () => new Date('2026-11-27T08:00:05.000Z') };
    await Promise.all([
      sendDigests({ db: a, ...digestAt }),
      sendDigests({ db: b, ...digestAt }),
      sendDigests({ db: a, ...digestAt }),
    ]);
    expect(sent.map((m) => m.subject)).toEqual(['Signdesk: Package expired', 'Signdesk: your daily digest (1 notification)']);
    expect(sent[1]!.text).toContain('https://signdesk.example.com/packages/bulk/blk_pg');
    expect(await a.selectFrom('notification_deliveries').select('state').execute()).toEqual([
      { state: 'sent' },
      { state: 'sent' },
    ]);
    expect(await a.selectFrom('notification_digests').select(['local_date', 'state', 'items']).execute()).toEqual([
      { local_date: '2026-11-27', state: 'sent', items: 1 },
    ]);
  }, 60_000);

  it('tells a package expiring and an API outage once, though both instances look at once; failed e-mail is counted', async () => {
    const at = NOW.toISOString();
    await a
      .insertInto('users')
      .values(userRow('usr_pg_admin', at, { email: 'pg-admin@example.com', name: 'A', roles: 'admin' }))
      .execute();
    // pkg_pg is row 0 of blk_pg (the test before): expiring in 2 hours, still delivered
    await a
      .insertInto('watched_records')
      .values({
        kind: 'package',
        id: 'pkg_pg',
        last_status: 'delivered',
        last_seen_at: at,
        finished: 0,
        seen_sweep: 's',
        first_seen_at: at,
        updated_at: at,
        due_at: new Date(NOW.getTime() + 2 * 3_600_000).toISOString(),
      })
      .onConflict((oc) =>
        oc
          .columns(['kind', 'id'])
          .doUpdateSet({ last_status: 'delivered', finished: 0, due_at: new Date(NOW.getTime() + 2 * 3_600_000).toISOString() }),
      )
      .execute();
    const down = { api: { ok: false }, failedQueues: [] };
    const thresholds = { expiringHours: 24, queuedMinutes: 60, unconfirmedMinutes: 10, apiDownMinutes: 5 };
    const run = (db: Kysely<Database>, minutes: number) =>
      notifyEvents({ db, email: true, now: new Date(NOW.getTime() + minutes * 60_000), thresholds, health: down });
    await Promise.all([run(a, 1), run(b, 1)]);
    await Promise.all([run(a, 7), run(b, 7), run(a, 8)]);
    const told = await a
      .selectFrom('notifications')
      .select(['user_id', 'kind'])
      .where('kind', 'in', ['package.expiring', 'admin.api_unreachable'])
      .orderBy('kind')
      .execute();
    expect(told).toEqual([
      { user_id: 'usr_pg_admin', kind: 'admin.api_unreachable' },
      { user_id: 'usr_pg', kind: 'package.expiring' },
    ]);

    await a
      .updateTable('notification_deliveries')
      .set({ state: 'failed', last_error: 'smtp://u:hunter2-pg@h refused' })
      .execute();
    const counts = await countDeliveriesByState(b);
    expect(counts.failed).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(await failedDeliveries(b))).not.toContain('hunter2');
  }, 60_000);
});

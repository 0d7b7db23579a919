import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { userRow } from './test-rows';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database, DeliveryState } from '../db/schema';
import { ConsoleError } from '../errors';
import { countDeliveriesByState, failedDeliveries, retryDelivery } from './failed-deliveries';
import { mailDue } from './mail-due';
import type { Mail } from './mailer';

// Admin → Background work's failed e-mail: listed with a scrubbed reason, retried once, counted.

let dir: string;
let db: Kysely<Database>;
const AT = '2026-11-26T12:00:00.000Z';
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-failed-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
  await db
    .insertInto('users')
    .values(userRow('usr_a', AT, { email: 'a@example.com', name: 'A' }))
    .execute();
});
afterEach(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function delivery(id: string, state: DeliveryState, last_error: string | null) {
  await db
    .insertInto('notifications')
    .values({
      id,
      user_id: 'usr_a',
      kind: 'package.completed',
      subject_type: 'package',
      subject_id: `pkg_${id}`,
      title: 'Package completed',
      body: 'Package pkg was signed.',
      href: '/packages/pkg',
      created_at: AT,
      read_at: null,
      event_key: `k_${id}`,
    })
    .execute();
  await db
    .insertInto('notification_deliveries')
    .values({
      notification_id: id,
      channel: 'email',
      state,
      attempts: state === 'failed' ? 10 : 0,
      last_error,
      claimed_until: null,
      next_attempt_at: AT,
      sent_at: null,
      created_at: AT,
    })
    .execute();
}

describe('failed deliveries', () => {
  it('lists the failed ones with their reason, never the SMTP password; counts every state', async () => {
    await delivery('ntf_1', 'failed', 'Invalid login: 535 for smtp://signdesk:hunter2-secret@mail.example.com:587');
    await delivery('ntf_2', 'sent', null);
    await delivery('ntf_3', 'pending', 'connect ECONNREFUSED');
    const list = await failedDeliveries(db);
    expect(list.total).toBe(1);
    expect(list.data).toEqual([
      expect.objectContaining({ notification_id: 'ntf_1', to: 'a@example.com', attempts: 10, title: 'Package completed' }),
    ]);
    expect(list.data[0]!.reason).toContain('Invalid login: 535');
    expect(list.data[0]!.reason).not.toContain('hunter2');
    expect(await countDeliveriesByState(db)).toEqual({ pending: 1, sending: 0, sent: 1, failed: 1 });
  });

  it('a retry puts a failed one back in line from its first attempt, and the mail job sends it; anything else is refused', async () => {
    await delivery('ntf_1', 'failed', 'connect ECONNREFUSED');
    await delivery('ntf_2', 'sent', null);
    expect(await retryDelivery(db, 'ntf_1', new Date(AT))).toEqual({ notification_id: 'ntf_1', retried: true });
    await expect(retryDelivery(db, 'ntf_1')).rejects.toThrow(ConsoleError);
    await expect(retryDelivery(db, 'ntf_2')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(retryDelivery(db, 'ntf_none')).rejects.toMatchObject({ status: 404 });
    const sent: Mail[] = [];
    const run = await mailDue({
      db,
      mailer: { send: async (m) => void sent.push(m) },
      from: 's@example.com',
      publicUrl: 'https://signdesk.example.com',
      secret: 'a-session-password-of-at-least-32-characters',
      now: () => new Date(AT),
    });
    expect(run).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((m) => m.messageId)).toEqual(['<ntf_1@signdesk>']);
    expect((await failedDeliveries(db)).total).toBe(0);
  });
});

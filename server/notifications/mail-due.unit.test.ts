import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { userRow } from './test-rows';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { backoffMs, mailDue, MAX_ATTEMPTS } from './mail-due';
import type { Mail, Mailer } from './mailer';

// The mail job's claim and retries, against a mailer that keeps what it is given.

let dir: string;
let db: Kysely<Database>;
const T0 = Date.parse('2026-11-26T12:00:00.000Z');
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-mail-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
  const at = new Date(T0).toISOString();
  await db
    .insertInto('users')
    .values(userRow('usr_a', at, { email: 'a@example.com', name: 'A' }))
    .execute();
  await db
    .insertInto('notifications')
    .values({
      id: 'ntf_1',
      user_id: 'usr_a',
      kind: 'package.completed',
      subject_type: 'package',
      subject_id: 'pkg_1',
      title: 'Package completed',
      body: 'Package <b>pkg_1</b> was signed.',
      href: '/packages/pkg_1',
      created_at: at,
      read_at: null,
      event_key: 'k',
    })
    .execute();
  await db
    .insertInto('notification_deliveries')
    .values({
      notification_id: 'ntf_1',
      channel: 'email',
      state: 'pending',
      attempts: 0,
      last_error: null,
      claimed_until: null,
      next_attempt_at: at,
      sent_at: null,
      created_at: at,
    })
    .execute();
});
afterEach(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

function fakeMailer(fail = () => false, waitMs = 0) {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      await new Promise((r) => setTimeout(r, waitMs));
      if (fail()) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(mail);
    },
  };
  return { sent, mailer };
}
const run = (mailer: Mailer, at: number) =>
  mailDue({
    db,
    mailer,
    from: 'Signdesk <s@example.com>',
    publicUrl: 'https://signdesk.example.com/',
    secret: 'a-session-password-of-at-least-32-characters',
    now: () => new Date(at),
  });
const row = () => db.selectFrom('notification_deliveries').selectAll().executeTakeFirstOrThrow();

describe('mailDue', () => {
  it('mails a delivery once when two runs claim it at the same time, with text and escaped HTML linking to the console', async () => {
    const { sent, mailer } = fakeMailer(() => false, 50);
    const runs = await Promise.all([run(mailer, T0), run(mailer, T0)]);
    expect(runs.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'a@example.com',
      from: 'Signdesk <s@example.com>',
      subject: 'Signdesk: Package completed',
      messageId: '<ntf_1@signdesk>',
    });
    expect(sent[0]!.text).toContain('https://signdesk.example.com/packages/pkg_1');
    expect(sent[0]!.html).toContain('Package &lt;b&gt;pkg_1&lt;/b&gt; was signed.');
    expect(await row()).toMatchObject({ state: 'sent', attempts: 1 });
    expect((await run(mailer, T0 + 3_600_000)).sent).toBe(0);
  });

  it('waits its backoff after a failure, then sends once; fails for good after the last attempt', async () => {
    let down = true;
    const { sent, mailer } = fakeMailer(() => down);
    expect(await run(mailer, T0)).toEqual({ sent: 0, failed: 1 });
    expect(await row()).toMatchObject({ state: 'pending', attempts: 1, last_error: expect.stringContaining('ECONNREFUSED') });
    expect(await run(mailer, T0 + backoffMs(1) - 1)).toEqual({ sent: 0, failed: 0 });
    down = false;
    expect(await run(mailer, T0 + backoffMs(1))).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);

    await db
      .updateTable('notification_deliveries')
      .set({ state: 'pending', attempts: MAX_ATTEMPTS - 1, sent_at: null })
      .execute();
    down = true;
    await run(mailer, T0 + 10 * 3_600_000);
    expect(await row()).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('sends again a claim whose instance died mid-send, once the claim has lapsed', async () => {
    await db
      .updateTable('notification_deliveries')
      .set({ state: 'sending', attempts: 1, claimed_until: new Date(T0 + 60_000).toISOString() })
      .execute();
    const { sent, mailer } = fakeMailer();
    expect((await run(mailer, T0)).sent).toBe(0);
    expect((await run(mailer, T0 + 60_001)).sent).toBe(1);
    expect(sent).toHaveLength(1);
  });
});

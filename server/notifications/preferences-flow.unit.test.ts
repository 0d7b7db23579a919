import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { notifyEvents } from './notify';
import { sendRecordRow, userRow } from './test-rows';
import { mailDue } from './mail-due';
import { sendDigests } from './digest';
import type { Mail, Mailer } from './mailer';
import { savePreferences } from './preferences';
import { unsubscribe, unsubscribeState } from './unsubscribe';
import { notificationsOf } from './user-notifications';
import { EVERYTHING, withScope } from '../teams/scope';

// Preferences, the daily digest and unsubscribe links (issue 37) over a real SQLite console
// database: events in, the notify job's and mail jobs' runs at chosen instants, mail out.

const SECRET = 'a-session-password-of-at-least-32-characters';
const BASE = 'https://signdesk.example.com';
let dir: string;
let db: Kysely<Database>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-prefs-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
  for (const id of ['usr_a', 'usr_b']) await db.insertInto('users').values(userRow(id, '2026-01-01T00:00:00.000Z')).execute();
});
afterEach(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
/** A package `userId` sent, changed to `status` at `at`, and the notify job's run just after. */
async function event(userId: string, status: 'completed' | 'declined' | 'expired', at: Date) {
  const pkg = `pkg_${++seq}`;
  await db
    .insertInto('send_records')
    .values(sendRecordRow(pkg, userId, at))
    .execute();
  await db
    .insertInto('status_history')
    .values({
      kind: 'package',
      id: pkg,
      from_status: 'queued',
      to_status: status,
      at: at.toISOString(),
      recorded_at: at.toISOString(),
    })
    .execute();
  await notifyEvents({ db, email: true, now: at });
  return pkg;
}

function fakeMailer() {
  const sent: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      await new Promise((r) => setTimeout(r, 20));
      sent.push(mail);
    },
  };
  return { sent, mailer };
}
const mail = { from: 'Signdesk <s@example.com>', publicUrl: BASE, secret: SECRET };
const digestsAt = (mailer: Mailer, at: string) => sendDigests({ db, mailer, ...mail, now: () => new Date(at) });
const everyKind = (email: 'now' | 'digest' | 'off', inConsole: 'now' | 'off' = 'now') =>
  ['package.completed', 'package.declined', 'package.expired'].map((kind) => ({ kind, console: inConsole, email }));
const tokenOf = (m: Mail) => /\/unsubscribe\/([A-Za-z0-9_.-]+)>/.exec(m.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';

describe('the notify and mail jobs honour preferences', () => {
  it('a kind turned off gets nothing: no notification, no delivery; the other person is told as before', async () => {
    await savePreferences(
      db,
      'usr_a',
      { choices: [{ kind: 'package.declined', console: 'off', email: 'off' }], digest_hour: 8, time_zone: 'UTC' },
      new Date(),
    );
    const at = new Date('2026-06-10T10:00:00Z');
    await event('usr_a', 'declined', at);
    await event('usr_b', 'declined', new Date(at.getTime() + 1000));
    const rows = await db.selectFrom('notifications').select(['user_id', 'kind']).execute();
    expect(rows).toEqual([{ user_id: 'usr_b', kind: 'package.declined' }]);
    const { sent, mailer } = fakeMailer();
    await mailDue({ db, mailer, ...mail, now: () => new Date(at.getTime() + 5000) });
    expect(sent.map((m) => m.to)).toEqual(['usr_b@example.com']);
  });

  it('console off, e-mail at once: mailed, not in the bell; the defaults: a decline at once, a completion in the digest', async () => {
    await savePreferences(
      db,
      'usr_a',
      { choices: [{ kind: 'package.expired', console: 'off', email: 'now' }], digest_hour: 8, time_zone: 'UTC' },
      new Date(),
    );
    await event('usr_a', 'expired', new Date('2026-06-10T10:00:00Z'));
    await event('usr_a', 'declined', new Date('2026-06-10T10:00:01Z'));
    await event('usr_a', 'completed', new Date('2026-06-10T10:00:02Z'));
    expect((await withScope(EVERYTHING, () => notificationsOf(db, 'usr_a'))).data.map((n) => n.kind).sort()).toEqual([
      'package.completed',
      'package.declined',
    ]);
    expect((await withScope(EVERYTHING, () => notificationsOf(db, 'usr_a'))).unread).toBe(2);
    const { sent, mailer } = fakeMailer();
    await mailDue({ db, mailer, ...mail, now: () => new Date('2026-06-10T10:01:00Z') });
    expect(sent.map((m) => m.subject).sort()).toEqual(['Signdesk: Package declined', 'Signdesk: Package expired']);
    const states = await db
      .selectFrom('notification_deliveries')
      .innerJoin('notifications', 'id', 'notification_id')
      .select(['kind', 'state'])
      .orderBy('kind')
      .execute();
    expect(states).toEqual([
      { kind: 'package.completed', state: 'digest' },
      { kind: 'package.declined', state: 'sent' },
      { kind: 'package.expired', state: 'sent' },
    ]);
    // every mail at once carries its one-click unsubscribe (RFC 8058)
    expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(sent[0]!.headers!['List-Unsubscribe']).toMatch(/^<https:\/\/signdesk\.example\.com\/api\/unsubscribe\/[^>]+>$/);
    expect(sent[0]!.text).toContain(`${BASE}/unsubscribe/`);
  });
});

describe('the daily digest', () => {
  it('arrives once, at its hour in the person’s time zone, with everything since the last one', async () => {
    // 08:00 in New York (EDT, UTC-4) is 12:00Z
    await savePreferences(
      db,
      'usr_a',
      { choices: everyKind('digest'), digest_hour: 8, time_zone: 'America/New_York' },
      new Date(),
    );
    const first = await event('usr_a', 'completed', new Date('2026-06-09T20:00:00Z'));
    const second = await event('usr_a', 'declined', new Date('2026-06-10T11:30:00Z')); // 07:30 local
    const late = await event('usr_a', 'expired', new Date('2026-06-10T12:30:00Z')); // 08:30 local: tomorrow's

    const { sent, mailer } = fakeMailer();
    expect(await digestsAt(mailer, '2026-06-10T11:59:00Z')).toMatchObject({ sent: 0 });
    // two instances at the hour: one digest
    await Promise.all([digestsAt(mailer, '2026-06-10T12:00:30Z'), digestsAt(mailer, '2026-06-10T12:00:30Z')]);
    expect(sent).toHaveLength(1);
    const [digest] = sent;
    expect(digest!.to).toBe('usr_a@example.com');
    expect(digest!.subject).toBe('Signdesk: your daily digest (2 notifications)');
    for (const part of [digest!.text, digest!.html]) {
      expect(part).toContain(first);
      expect(part).toContain(second);
      expect(part).not.toContain(late);
    }
    expect(digest!.html).toContain(`href="${BASE}/packages/${first}"`);
    expect(digest!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // later runs that day (and the repeated hour of a DST day) send nothing more
    await digestsAt(mailer, '2026-06-10T15:00:00Z');
    await digestsAt(mailer, '2026-06-11T03:59:00Z');
    expect(sent).toHaveLength(1);
    // the next day's carries what came after, and only that
    await digestsAt(mailer, '2026-06-11T12:00:00Z');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe('Signdesk: your daily digest (1 notification)');
    expect(sent[1]!.text).toContain(late);
    expect(sent[1]!.text).not.toContain(first);
    const rows = await db
      .selectFrom('notification_digests')
      .select(['local_date', 'state', 'items'])
      .orderBy('local_date')
      .execute();
    expect(rows).toEqual([
      { local_date: '2026-06-10', state: 'sent', items: 2 },
      { local_date: '2026-06-11', state: 'sent', items: 1 },
    ]);
    // the mail-at-once job never sends what waits for a digest
    const { sent: atOnce, mailer: other } = fakeMailer();
    await mailDue({ db, mailer: other, ...mail, now: () => new Date('2026-06-12T00:00:00Z') });
    expect(atOnce).toEqual([]);
  });
});

describe('unsubscribe links', () => {
  it('work once, for that kind only; a forged or altered one changes nothing', async () => {
    await event('usr_a', 'declined', new Date('2026-06-10T10:00:00Z'));
    const { sent, mailer } = fakeMailer();
    await mailDue({ db, mailer, ...mail, now: () => new Date('2026-06-10T10:01:00Z') });
    const token = tokenOf(sent[0]!);
    expect(await unsubscribeState(db, token, [SECRET])).toMatchObject({ state: 'ready', label: 'Package declined' });

    const [body, sig] = token.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify(['usr_b', 'package.declined', 'email', 0])).toString('base64url')}.${sig}`;
    for (const bad of [forged, `${body}.${sig.slice(0, -3)}xyz`, 'nonsense'])
      expect(await unsubscribe(db, bad, [SECRET], new Date())).toEqual({ state: 'invalid' });

    expect(await unsubscribe(db, token, [SECRET], new Date())).toMatchObject({ state: 'done', label: 'Package declined' });
    expect(await unsubscribe(db, token, [SECRET], new Date())).toMatchObject({ state: 'already' });
    expect(await unsubscribeState(db, token, [SECRET])).toMatchObject({ state: 'already' });

    // a new decline is no longer mailed; a completion still waits for the digest; usr_b is untouched
    await event('usr_a', 'declined', new Date('2026-06-10T11:00:00Z'));
    await event('usr_a', 'completed', new Date('2026-06-10T11:00:01Z'));
    await event('usr_b', 'declined', new Date('2026-06-10T11:00:02Z'));
    const { sent: later, mailer: m2 } = fakeMailer();
    await mailDue({ db, mailer: m2, ...mail, now: () => new Date('2026-06-10T11:05:00Z') });
    expect(later.map((m) => m.to)).toEqual(['usr_b@example.com']);
    const waiting = await db.selectFrom('notification_deliveries').select('state').where('state', '=', 'digest').execute();
    expect(waiting).toHaveLength(1);
    const audit = await db.selectFrom('audit_log').select(['operation', 'user_id', 'target_id', 'outcome']).execute();
    expect(audit).toEqual([
      { operation: 'notification.unsubscribe', user_id: 'usr_a', target_id: 'package.declined', outcome: 'success' },
    ]);
  });

  it('the digest’s own link turns the digest off as a whole', async () => {
    await event('usr_a', 'completed', new Date('2026-06-10T06:00:00Z'));
    const { sent, mailer } = fakeMailer();
    await digestsAt(mailer, '2026-06-10T08:00:00Z');
    expect(sent).toHaveLength(1);
    const token = tokenOf(sent[0]!);
    expect(await unsubscribe(db, token, [SECRET], new Date())).toMatchObject({ state: 'done', label: 'The daily digest' });
    expect(await unsubscribe(db, token, [SECRET], new Date())).toMatchObject({ state: 'already' });
    await event('usr_a', 'completed', new Date('2026-06-10T09:00:00Z'));
    expect(await db.selectFrom('notification_deliveries').select('state').where('state', '=', 'digest').execute()).toEqual([]);
  });
});

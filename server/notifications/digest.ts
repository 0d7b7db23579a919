import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { failureMessage } from '../jobs/job-queue';
import { NOTIFICATION_KINDS } from './kinds';
import { beforeDigestOf, localHour } from './local-time';
import { backoffMs, MAX_ATTEMPTS } from './mail-due';
import { renderDigest } from './digest-render';
import { mailSetup, type Mailer } from './mailer';
import { digestSettingsOf, preferenceOf } from './preferences';
import { digestUnsubscribe, kindUnsubscribe, signingSecret } from './unsubscribe-links';

// The daily digest (issue 37): for each person with e-mail waiting for it (deliveries in state
// 'digest'), once their digest hour has come in their time zone (local-time.ts), ONE mail with
// everything that came before that hour. A row per (person, local date) is claimed before the
// mail goes, so two instances, or a run after a restart, send it once; a claim whose instance died
// is taken as lost after CLAIM_MS and sent again (the one case that may mail twice, as for
// deliveries). A failure waits its backoff; what it carried stays waiting, for the retry or the
// next day's digest.

const CLAIM_MS = 2 * 60_000;
/** people one run looks at the most; the next run goes on */
const PER_RUN = 200;

export interface DigestOptions {
  db: Kysely<Database>;
  mailer?: Mailer;
  from?: string;
  publicUrl?: string;
  secret?: string;
  now?: () => Date;
}

export interface DigestRun {
  sent: number;
  failed: number;
}

export async function sendDigests({
  db,
  mailer,
  from,
  publicUrl,
  secret,
  now = () => new Date(),
}: DigestOptions): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, failed: 0 };
  const setup = mailSetup({ mailer, from, publicUrl });
  if (!setup) return run;
  const { send, sender, base } = setup;
  const key = secret ?? signingSecret();

  const people = await db
    .selectFrom('notification_deliveries')
    .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
    .select('notifications.user_id')
    .where('notification_deliveries.channel', '=', 'email')
    .where('notification_deliveries.state', '=', 'digest')
    .distinct()
    .limit(PER_RUN)
    .execute();

  for (const { user_id: userId } of people) {
    const at = now();
    const settings = await digestSettingsOf(db, userId);
    const today = localHour(at, settings.time_zone);
    if (today.hour < settings.digest_hour) continue;
    const items = await waiting(db, userId, today.date, settings.time_zone, settings.digest_hour);
    if (!items.length) continue;
    const attempts = await claim(db, userId, today.date, at);
    if (attempts === null) continue; // sent today, waiting its backoff, or another run has it

    const person = await db.selectFrom('users').select(['email', 'disabled']).where('id', '=', userId).executeTakeFirst();
    if (!person || person.disabled) {
      await settle(db, userId, today.date, {
        state: 'failed',
        last_error: person ? 'the account is disabled' : 'no such person',
      });
      continue;
    }
    const kinds = [...new Set(items.map((i) => i.kind))];
    const kindLinks = await Promise.all(
      kinds.map(async (kind) => ({
        label: (NOTIFICATION_KINDS as Record<string, string>)[kind] ?? kind,
        page: (await kindUnsubscribe(db, userId, kind, base, key)).page,
      })),
    );
    const whole = await digestUnsubscribe(db, userId, base, key);
    const mail = renderDigest({ items, kinds: kindLinks, unsubscribePage: whole.page, localDate: today.date }, base);
    try {
      await send.send({
        from: sender,
        to: person.email,
        ...mail,
        messageId: `<digest-${userId}-${today.date}@signdesk>`,
        headers: whole.headers,
      });
    } catch (err) {
      run.failed++;
      const last_error = failureMessage(err);
      await settle(
        db,
        userId,
        today.date,
        attempts >= MAX_ATTEMPTS
          ? { state: 'failed', last_error }
          : { state: 'pending', last_error, next_attempt_at: new Date(now().getTime() + backoffMs(attempts)).toISOString() },
      );
      continue;
    }
    const sentAt = now().toISOString();
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('notification_deliveries')
        .set({ state: 'sent', sent_at: sentAt, digest_date: today.date })
        .where('channel', '=', 'email')
        .where('state', '=', 'digest')
        .where(
          'notification_id',
          'in',
          items.map((i) => i.id),
        )
        .execute();
      await settle(tx, userId, today.date, { state: 'sent', last_error: null, sent_at: sentAt, items: items.length });
    });
    run.sent++;
  }
  return run;
}

/**
 * What waits for `userId`'s digest of `day`: recorded before that day's hour, of a kind still
 * wanted by e-mail. A kind turned off since (on the page, or by an unsubscribe link) is dropped
 * rather than mailed: the person said stop.
 */
async function waiting(db: Kysely<Database>, userId: string, day: string, timeZone: string, hour: number) {
  const rows = await db
    .selectFrom('notification_deliveries')
    .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.title',
      'notifications.body',
      'notifications.href',
      'notifications.created_at',
    ])
    .where('notifications.user_id', '=', userId)
    .where('notification_deliveries.channel', '=', 'email')
    .where('notification_deliveries.state', '=', 'digest')
    .orderBy('notifications.created_at')
    .orderBy('notifications.id')
    .execute();
  const due = rows.filter((r) => beforeDigestOf(new Date(r.created_at), day, timeZone, hour));
  const off = new Set<string>();
  for (const kind of new Set(due.map((r) => r.kind)))
    if ((await preferenceOf(db, userId, kind, 'email')).delivery === 'off') off.add(kind);
  const dropped = due.filter((r) => off.has(r.kind)).map((r) => r.id);
  if (dropped.length)
    await db
      .updateTable('notification_deliveries')
      .set({ state: 'dropped', last_error: 'turned off by the person before their digest' })
      .where('channel', '=', 'email')
      .where('state', '=', 'digest')
      .where('notification_id', 'in', dropped)
      .execute();
  return due.filter((r) => !off.has(r.kind));
}

/** Claims the digest of (person, day): answers its attempt number, or null when it is not this run's to send. */
async function claim(db: Kysely<Database>, userId: string, day: string, at: Date): Promise<number | null> {
  const iso = at.toISOString();
  const claimedUntil = new Date(at.getTime() + CLAIM_MS).toISOString();
  const inserted = await db
    .insertInto('notification_digests')
    .values({
      user_id: userId,
      local_date: day,
      state: 'sending',
      attempts: 1,
      items: 0,
      last_error: null,
      claimed_until: claimedUntil,
      next_attempt_at: iso,
      sent_at: null,
      created_at: iso,
    })
    .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 1;
  const row = await db
    .selectFrom('notification_digests')
    .select(['state', 'attempts', 'claimed_until', 'next_attempt_at'])
    .where('user_id', '=', userId)
    .where('local_date', '=', day)
    .executeTakeFirst();
  if (!row) return null;
  const retry = row.state === 'pending' && row.next_attempt_at <= iso;
  const lost = row.state === 'sending' && row.claimed_until !== null && row.claimed_until < iso;
  if (!retry && !lost) return null;
  const moved = await db
    .updateTable('notification_digests')
    .set({ state: 'sending', attempts: row.attempts + 1, claimed_until: claimedUntil })
    .where('user_id', '=', userId)
    .where('local_date', '=', day)
    .where('attempts', '=', row.attempts) // what this run read: another run's claim moved it on
    .where('state', '=', row.state)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1 ? row.attempts + 1 : null;
}

async function settle(
  db: Kysely<Database>,
  userId: string,
  day: string,
  set: {
    state: 'sent' | 'failed' | 'pending';
    last_error: string | null;
    sent_at?: string;
    next_attempt_at?: string;
    items?: number;
  },
) {
  await db
    .updateTable('notification_digests')
    .set({ ...set, claimed_until: null })
    .where('user_id', '=', userId)
    .where('local_date', '=', day)
    .execute();
}

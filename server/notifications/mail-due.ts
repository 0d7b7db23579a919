import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { failureMessage } from '../jobs/job-queue';
import { NOTIFICATION_KINDS } from './kinds';
import { renderMail } from './mail-render';
import { mailSetup, type Mailer } from './mailer';
import { kindUnsubscribe, signingSecret } from './unsubscribe-links';

// Delivers each notification's e-mail once (issue 37). A delivery is claimed before it is sent:
// one conditional update moves it from pending (and due) to sending, so of two runs, on any
// instances, one sends it. A failure puts it back with a backoff; a claim whose instance died
// mid-send is taken as lost after the claim (MAIL_CLAIM_SECONDS) and sent again. A console
// killed before the SMTP server answered the message's DATA sends nothing twice: a server
// that never answered 250 has not taken the message. A console killed after the 250 and
// before the row's update is the one case that mails twice: the receiver then gets the same
// message twice, with the same Message-ID (the notification's own), which mail clients and
// servers that de-duplicate by it show once.

/** MAIL_CLAIM_SECONDS: longer than a send can take (the transport's timeouts, mailer.ts) */
const CLAIM_MS = 2 * 60_000;
/** MAIL_RETRY_FIRST_SECONDS */
const FIRST_BACKOFF_MS = 15_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** attempts before a delivery is failed for good, for an admin to see */
export const MAX_ATTEMPTS = 10;
/** deliveries one run sends at the most; the next run goes on */
const PER_RUN = 50;

export interface MailDueOptions {
  db: Kysely<Database>;
  mailer?: Mailer;
  from?: string;
  publicUrl?: string;
  /** the key unsubscribe links are signed with (unsubscribe-links.ts); default: the session password's */
  secret?: string;
  now?: () => Date;
  /** the first wait after a failure, doubled at each next one (MAIL_RETRY_FIRST_SECONDS) */
  retryFirstMs?: number;
  /** how long a claim holds before it is taken as lost (MAIL_CLAIM_SECONDS) */
  claimMs?: number;
}

export interface MailRun {
  sent: number;
  /** attempts that failed (each waits its backoff, or is failed for good after MAX_ATTEMPTS) */
  failed: number;
}

export const backoffMs = (attempts: number, firstMs = FIRST_BACKOFF_MS) =>
  Math.min(firstMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

export async function mailDue({
  db,
  mailer,
  from,
  publicUrl,
  secret,
  now = () => new Date(),
  retryFirstMs = FIRST_BACKOFF_MS,
  claimMs = CLAIM_MS,
}: MailDueOptions): Promise<MailRun> {
  const run: MailRun = { sent: 0, failed: 0 };
  const setup = mailSetup({ mailer, from, publicUrl });
  if (!setup) return run; // e-mail is off: deliveries wait until it is on
  const { send, sender, base } = setup;

  const at = now().toISOString();
  const due = await db
    .selectFrom('notification_deliveries')
    .select(['notification_id', 'attempts'])
    .where('channel', '=', 'email')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
        eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<', at)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(PER_RUN)
    .execute();

  for (const d of due) {
    const claimedAt = now();
    const claimed = await db
      .updateTable('notification_deliveries')
      .set({
        state: 'sending',
        attempts: d.attempts + 1,
        claimed_until: new Date(claimedAt.getTime() + claimMs).toISOString(),
      })
      .where('notification_id', '=', d.notification_id)
      .where('channel', '=', 'email')
      .where('attempts', '=', d.attempts) // what this run read: another run's claim moved it on
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', claimedAt.toISOString())]),
          eb.and([eb('state', '=', 'sending'), eb('claimed_until', '<', claimedAt.toISOString())]),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const attempts = d.attempts + 1;
    const n = await db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select([
        'notifications.id',
        'notifications.title',
        'notifications.body',
        'notifications.href',
        'notifications.kind',
        'notifications.user_id',
        'users.email',
        'users.disabled',
      ])
      .where('notifications.id', '=', d.notification_id)
      .executeTakeFirst();
    if (!n || n.disabled) {
      await settle(d.notification_id, { state: 'failed', last_error: n ? 'the account is disabled' : 'no such person' });
      continue;
    }
    const unsubscribe = await kindUnsubscribe(db, n.user_id, n.kind, base, secret ?? signingSecret());
    const label = (NOTIFICATION_KINDS as Record<string, string>)[n.kind] ?? n.title;
    const mail = renderMail(n, base, { page: unsubscribe.page, label });
    try {
      await send.send({ from: sender, to: n.email, ...mail, messageId: `<${n.id}@signdesk>`, headers: unsubscribe.headers });
      await settle(d.notification_id, { state: 'sent', sent_at: now().toISOString(), last_error: null });
      run.sent++;
    } catch (err) {
      run.failed++;
      const last_error = failureMessage(err);
      if (attempts >= MAX_ATTEMPTS) await settle(d.notification_id, { state: 'failed', last_error });
      else
        await settle(d.notification_id, {
          state: 'pending',
          last_error,
          next_attempt_at: new Date(now().getTime() + backoffMs(attempts, retryFirstMs)).toISOString(),
        });
    }
  }
  return run;

  async function settle(
    id: string,
    set: { state: 'sent' | 'failed' | 'pending'; last_error: string | null; sent_at?: string; next_attempt_at?: string },
  ) {
    await db
      .updateTable('notification_deliveries')
      .set({ ...set, claimed_until: null })
      .where('notification_id', '=', id)
      .where('channel', '=', 'email')
      .execute();
  }
}

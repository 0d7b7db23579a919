import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notificationText, statusKind, subjectHref, TOLD_STATUSES } from './kinds';
import { packageSender, requestSubmitter, type NotifyEvent } from './events';
import { deadlineEvents, DEFAULT_THRESHOLDS, type Thresholds } from './deadline-events';
import { adminEvents, type ConsoleHealth } from './admin-alerts';
import { routeOf } from './preferences';

// Turns what happened into notifications (issue 37): the watcher's changes of status
// (status_history) of packages the console sent and requests it submitted, and a batch that
// finished or whose rows went back to review. Each event has a key of its own, unique with the
// person told: runs that overlap, on any instance, after any restart, tell it once. The cursor
// only keeps runs from reading everything again; the key is what makes it once.

const NAME = 'events';
/** Events recorded this long before the previous run are read again (a slow transaction, a clock's skew). */
const OVERLAP_MS = 5 * 60_000;
/** On a first run, how far back events are told (not the whole history of an upgraded console). */
const FIRST_LOOKBACK_MS = 60 * 60_000;

export interface NotifyOptions {
  db: Kysely<Database>;
  /** whether each new notification is also to be mailed (SMTP_URL set) */
  email: boolean;
  now?: Date;
  /** the Signing API's time now, for the deadlines it gives (defaults to `now`) */
  apiNow?: Date;
  /** when the timed kinds are told (NOTIFY_* settings) */
  thresholds?: Thresholds;
  /** the console's own health now, for admins' alerts; absent, none are looked at this run */
  health?: ConsoleHealth;
}

type Event = NotifyEvent;

/** One run: answers how many notifications it made. */
export async function notifyEvents({
  db,
  email,
  now = new Date(),
  apiNow = now,
  thresholds = DEFAULT_THRESHOLDS,
  health,
}: NotifyOptions): Promise<number> {
  const cursor = await db.selectFrom('notification_cursor').select('position').where('name', '=', NAME).executeTakeFirst();
  const since = new Date(cursor ? Date.parse(cursor.position) - OVERLAP_MS : now.getTime() - FIRST_LOOKBACK_MS).toISOString();
  const events = [
    ...(await statusEvents(db, since)),
    ...(await batchEvents(db, since)),
    // What did not happen in time is read whole each run (what is open and late is few); its key keeps it once.
    ...(await deadlineEvents(db, now, apiNow, thresholds)),
    ...(health ? await adminEvents(db, health, now, thresholds) : []),
  ];
  const made = await record(db, events, email, now);
  const at = now.toISOString();
  await db
    .insertInto('notification_cursor')
    .values({ name: NAME, position: at, updated_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ position: at, updated_at: at }))
    .execute();
  return made;
}

async function statusEvents(db: Kysely<Database>, since: string): Promise<Event[]> {
  const changes = await db
    .selectFrom('status_history')
    .select(['kind', 'id', 'to_status', 'at'])
    .where('recorded_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'package'), eb('to_status', 'in', TOLD_STATUSES.package)]),
        eb.and([eb('kind', '=', 'approval_request'), eb('to_status', 'in', TOLD_STATUSES.approval_request)]),
      ]),
    )
    .execute();
  const events: Event[] = [];
  for (const c of changes) {
    const kind = statusKind(c.kind, c.to_status);
    if (!kind) continue;
    const who = c.kind === 'package' ? await packageSender(db, c.id) : await requestSubmitter(db, c.id);
    if (!who) continue; // not sent or submitted from this console: nobody here to tell
    events.push({
      user_id: who.userId,
      kind,
      subject_type: c.kind,
      subject_id: c.id,
      name: who.name,
      event_key: `status:${c.kind}:${c.id}:${c.to_status}:${c.at}`,
    });
  }
  return events;
}

const LAPSED = 'RECEIPT_LAPSED';
/** Rows sent back to review within one such slot of time make one notification, not one per row. */
const slotOf = (iso: string) => iso.slice(0, 15); // YYYY-MM-DDTHH:M, ten minutes

async function batchEvents(db: Kysely<Database>, since: string): Promise<Event[]> {
  const touched = await db
    .selectFrom('bulk_rows')
    .innerJoin('bulk_batches', 'bulk_batches.id', 'bulk_rows.batch_id')
    .select(['bulk_batches.id', 'bulk_batches.user_id', 'bulk_batches.name', 'bulk_batches.state', 'bulk_batches.change_seq'])
    .select([
      sql<number>`SUM(CASE WHEN bulk_rows.state IN ('to_review', 'reviewed', 'sending') THEN 1 ELSE 0 END)`.as('open_rows'),
      sql<number>`SUM(CASE WHEN bulk_rows.state = 'sent' THEN 1 ELSE 0 END)`.as('sent_rows'),
    ])
    .where('bulk_rows.batch_id', 'in', (eb) =>
      eb.selectFrom('bulk_rows').select('batch_id').where('updated_at', '>=', since).distinct(),
    )
    .groupBy(['bulk_batches.id', 'bulk_batches.user_id', 'bulk_batches.name', 'bulk_batches.state', 'bulk_batches.change_seq'])
    .execute();
  const lapsed = await db
    .selectFrom('bulk_rows')
    .innerJoin('bulk_batches', 'bulk_batches.id', 'bulk_rows.batch_id')
    .select(['bulk_batches.id', 'bulk_batches.user_id', 'bulk_batches.name', 'bulk_rows.updated_at'])
    .where('bulk_rows.error_code', '=', LAPSED)
    .where('bulk_rows.state', '=', 'to_review')
    .where('bulk_rows.updated_at', '>=', since)
    .execute();
  const events: Event[] = [];
  for (const b of touched) {
    // A batch its sender cancelled is not news to them; one with a sent row finished its work.
    if (Number(b.open_rows) > 0 || b.state === 'cancelled' || Number(b.sent_rows) === 0) continue;
    const e = { user_id: b.user_id, subject_type: 'bulk_batch' as const, subject_id: b.id, name: `Batch "${b.name}"` };
    events.push({ ...e, kind: 'bulk.finished', event_key: `bulk-finished:${b.id}:${b.change_seq}` });
  }
  for (const r of lapsed) {
    const e = { user_id: r.user_id, subject_type: 'bulk_batch' as const, subject_id: r.id, name: `batch "${r.name}"` };
    events.push({ ...e, kind: 'bulk.to_review', event_key: `bulk-review:${r.id}:${slotOf(r.updated_at)}` });
  }
  return events;
}

/** Keeps each event's notification (once per key and person) and, with e-mail on, its delivery to claim. */
async function record(db: Kysely<Database>, events: Event[], email: boolean, now: Date): Promise<number> {
  const at = now.toISOString();
  const unique = [...new Map(events.map((e) => [`${e.event_key}\u0000${e.user_id}`, e])).values()];
  let made = 0;
  for (const e of unique) {
    const { title, body } = notificationText(e.kind, e.name, e.when);
    // The person's preferences (preferences.ts): a channel turned off gets nothing of the kind.
    const route = await routeOf(db, e.user_id, e.kind);
    const mailed = email && route.email !== 'off';
    if (!route.console && !mailed) continue;
    // One transaction: a notification is never kept without the delivery it is owed.
    await db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('notifications')
        .values({
          id: `ntf_${randomUUID()}`,
          user_id: e.user_id,
          kind: e.kind,
          subject_type: e.subject_type,
          subject_id: e.subject_id,
          title,
          body,
          href: subjectHref(e.subject_type, e.subject_id, e.place),
          created_at: at,
          read_at: null,
          event_key: e.event_key,
          in_console: route.console ? 1 : 0,
        })
        .onConflict((oc) => oc.columns(['event_key', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      made++;
      if (mailed)
        await tx
          .insertInto('notification_deliveries')
          .values({
            notification_id: inserted.id,
            channel: 'email',
            state: route.email === 'digest' ? 'digest' : 'pending',
            attempts: 0,
            last_error: null,
            claimed_until: null,
            next_attempt_at: at,
            sent_at: null,
            created_at: at,
          })
          .onConflict((oc) => oc.columns(['notification_id', 'channel']).doNothing())
          .execute();
    });
  }
  return made;
}

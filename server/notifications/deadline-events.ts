import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { intentPlace } from '../home/intent-place';
import { operationLabel } from '@/lib/admin/audit-operations';
import { inWords, packageSender, requestSubmitter, type NotifyEvent } from './events';

// What did NOT happen in time (issue 37): a package near its expiry or still queued long after
// it was sent, a request past its SLA, an action whose answer was lost and is still
// unconfirmed. Read from the watcher's rows (watched_records: the status, its time and the
// deadline the API last gave) and the intent journal. Each is keyed by the record and the
// deadline or time it is about, so it is told once; a new deadline (a request's next layer,
// with its own SLA) is news again.

export interface Thresholds {
  /** NOTIFY_EXPIRING_HOURS */
  expiringHours: number;
  /** NOTIFY_QUEUED_MINUTES */
  queuedMinutes: number;
  /** NOTIFY_UNCONFIRMED_MINUTES */
  unconfirmedMinutes: number;
  /** NOTIFY_API_DOWN_MINUTES */
  apiDownMinutes: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { expiringHours: 24, queuedMinutes: 60, unconfirmedMinutes: 10, apiDownMinutes: 5 };

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Rows one run looks at per kind, oldest first; the rest are told at the next runs. */
const PER_RUN = 500;

/**
 * `now` is the console's time (the journal's times are its own); `apiNow` the Signing API's as
 * the console last heard it (server/signing-api/client/upstream-clock.ts): a record's deadline
 * and its status's time are the API's, and the API's clock is the one that closes them (the
 * sandbox's can be moved on).
 */
export async function deadlineEvents(db: Kysely<Database>, now: Date, apiNow: Date, t: Thresholds): Promise<NotifyEvent[]> {
  return [
    ...(await expiring(db, apiNow, t.expiringHours)),
    ...(await queuedLong(db, apiNow, t.queuedMinutes)),
    ...(await pastSla(db, apiNow)),
    ...(await unconfirmed(db, now, t.unconfirmedMinutes)),
  ];
}

/** Each watched record's event, told to whoever sent or submitted it from this console (nobody: not told). */
async function toldTo<R extends { id: string }>(
  db: Kysely<Database>,
  rows: readonly R[],
  whoOf: (db: Kysely<Database>, id: string) => Promise<{ userId: string; name: string } | null>,
  event: (r: R) => Omit<NotifyEvent, 'user_id' | 'name'>,
): Promise<NotifyEvent[]> {
  const events: NotifyEvent[] = [];
  for (const r of rows) {
    const who = await whoOf(db, r.id);
    if (who) events.push({ ...event(r), user_id: who.userId, name: who.name });
  }
  return events;
}

/** Open packages whose expires_at is ahead, within `hours`: told once per package and deadline. */
async function expiring(db: Kysely<Database>, now: Date, hours: number): Promise<NotifyEvent[]> {
  const rows = await db
    .selectFrom('watched_records')
    .select(['id', 'due_at'])
    .where('kind', '=', 'package')
    .where('finished', '=', 0)
    .where('last_status', 'in', ['queued', 'delivered'])
    .where('due_at', '>', now.toISOString())
    .where('due_at', '<=', new Date(now.getTime() + hours * HOUR_MS).toISOString())
    .orderBy('due_at')
    .limit(PER_RUN)
    .execute();
  return toldTo(db, rows, packageSender, (r) => ({
    kind: 'package.expiring',
    subject_type: 'package',
    subject_id: r.id,
    when: inWords(r.due_at!),
    event_key: `expiring:${r.id}:${r.due_at}`,
  }));
}

/** Packages still queued `minutes` after they entered the queue (the API's time): told once per package and send. */
async function queuedLong(db: Kysely<Database>, now: Date, minutes: number): Promise<NotifyEvent[]> {
  const rows = await db
    .selectFrom('watched_records')
    .select(['id', 'last_seen_at'])
    .where('kind', '=', 'package')
    .where('finished', '=', 0)
    .where('last_status', '=', 'queued')
    .where('last_seen_at', '<=', new Date(now.getTime() - minutes * MINUTE_MS).toISOString())
    .orderBy('last_seen_at')
    .limit(PER_RUN)
    .execute();
  return toldTo(db, rows, packageSender, (r) => ({
    kind: 'package.queued_long',
    subject_type: 'package',
    subject_id: r.id,
    when: inWords(r.last_seen_at!),
    event_key: `queued-long:${r.id}:${r.last_seen_at}`,
  }));
}

/** Requests in progress whose SLA is past: told once per request and SLA (each layer brings its own). */
async function pastSla(db: Kysely<Database>, now: Date): Promise<NotifyEvent[]> {
  const rows = await db
    .selectFrom('watched_records')
    .select(['id', 'due_at'])
    .where('kind', '=', 'approval_request')
    .where('finished', '=', 0)
    .where('last_status', '=', 'IN_PROGRESS')
    .where('due_at', '<=', now.toISOString())
    .orderBy('due_at')
    .limit(PER_RUN)
    .execute();
  return toldTo(db, rows, requestSubmitter, (r) => ({
    kind: 'request.past_sla',
    subject_type: 'approval_request',
    subject_id: r.id,
    when: inWords(r.due_at!),
    event_key: `sla:${r.id}:${r.due_at}`,
  }));
}

/**
 * Actions whose answer was lost (unknown), or that never got one (pending: the instance died
 * mid-call), untouched for `minutes`: told once per intent to whoever made it, linking to where
 * Home confirms it.
 */
async function unconfirmed(db: Kysely<Database>, now: Date, minutes: number): Promise<NotifyEvent[]> {
  const rows = await db
    .selectFrom('intent_journal')
    .select(['id', 'user_id', 'operation', 'path', 'created_at'])
    .where('state', 'in', ['unknown', 'pending'])
    .where('updated_at', '<=', new Date(now.getTime() - minutes * MINUTE_MS).toISOString())
    .orderBy('updated_at')
    .limit(PER_RUN)
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    kind: 'intent.unconfirmed' as const,
    subject_type: 'intent' as const,
    subject_id: r.id,
    name: operationLabel(r.operation) ?? r.operation,
    when: inWords(r.created_at),
    place: intentPlace(r).href,
    event_key: `unconfirmed:${r.id}`,
  }));
}

import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { NOTIFICATIONS_LISTED, type MarkRead, type NotificationList } from '@/lib/notifications/schemas';
import { currentScope } from '../teams/scope';
import { isVisible, visibleRecords, type RecordKind } from '../teams/visible-records';

const TEAM_RECORD_KINDS: ReadonlySet<string> = new Set<RecordKind>(['package', 'approval_request', 'bulk_batch', 'document']);

// A person's own notifications: nobody reads or marks another's (every query is by user id). One
// kept for its e-mail alone (in_console 0: the person turned the bell off for its kind) is not
// listed. Seen through teams, one about a record the person no longer sees (moved to another team,
// or they left its team) is neither listed nor counted.

export async function notificationsOf(db: Kysely<Database>, userId: string): Promise<NotificationList> {
  const scope = await currentScope();
  if (scope.kind === 'teams') return teamNotificationsOf(db, userId, scope);
  const data = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'subject_type', 'subject_id', 'title', 'body', 'href', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('in_console', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_LISTED)
    .execute();
  const count = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('in_console', '=', 1)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { data, unread: Number(count.n) };
}

/** Marks read what the body names (ids not the user's, or already read, are left as they are); answers how many. */
export async function markRead(db: Kysely<Database>, userId: string, what: MarkRead, now: Date): Promise<{ marked: number }> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if ('ids' in what) q = q.where('id', 'in', what.ids);
  const result = await q.executeTakeFirst();
  return { marked: Number(result.numUpdatedRows) };
}

async function teamNotificationsOf(
  db: Kysely<Database>,
  userId: string,
  scope: Parameters<typeof visibleRecords>[1],
): Promise<NotificationList> {
  // A person's unread are few (each event is told once): read them whole to count what is seen.
  const [recent, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'subject_type', 'subject_id', 'title', 'body', 'href', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .where('in_console', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_LISTED * 4)
      .execute(),
    db
      .selectFrom('notifications')
      .select(['subject_type', 'subject_id'])
      .where('user_id', '=', userId)
      .where('in_console', '=', 1)
      .where('read_at', 'is', null)
      .execute(),
  ]);
  // An action of the person's own (an intent) and an admin's alert are about no team's record: always theirs.
  const ofRecord = (n: { subject_type: string }) => TEAM_RECORD_KINDS.has(n.subject_type);
  const subjects = [...recent, ...unread].filter(ofRecord).map((n) => ({ kind: n.subject_type as RecordKind, id: n.subject_id }));
  const seen = await visibleRecords(db, scope, subjects);
  const shown = (n: { subject_type: string; subject_id: string }) =>
    !ofRecord(n) || isVisible(seen, n.subject_type, n.subject_id);
  return {
    data: recent.filter(shown).slice(0, NOTIFICATIONS_LISTED),
    unread: unread.filter(shown).length,
  };
}

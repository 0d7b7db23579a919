import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { NOTIFICATIONS_LISTED, type MarkRead, type NotificationList } from '@/lib/notifications/schemas';
import { currentScope } from '../teams/scope';
import { isVisible, visibleRecords } from '../teams/visible-records';

// A person's own notifications: nobody reads or marks another's (every query is by user id).
// Seen through teams, one about a record the person no longer sees (moved to another team, or
// they left its team) is neither listed nor counted.

export async function notificationsOf(db: Kysely<Database>, userId: string): Promise<NotificationList> {
  const scope = await currentScope();
  if (scope.kind === 'teams') return teamNotificationsOf(db, userId, scope);
  const data = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'subject_type', 'subject_id', 'title', 'body', 'href', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_LISTED)
    .execute();
  const count = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
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
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_LISTED * 4)
      .execute(),
    db
      .selectFrom('notifications')
      .select(['subject_type', 'subject_id'])
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute(),
  ]);
  const subjects = [...recent, ...unread].map((n) => ({ kind: n.subject_type, id: n.subject_id }));
  const seen = await visibleRecords(db, scope, subjects);
  return {
    data: recent.filter((n) => isVisible(seen, n.subject_type, n.subject_id)).slice(0, NOTIFICATIONS_LISTED),
    unread: unread.filter((n) => isVisible(seen, n.subject_type, n.subject_id)).length,
  };
}

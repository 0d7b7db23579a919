import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { NOTIFICATIONS_LISTED, type MarkRead, type NotificationList } from '@/lib/notifications/schemas';

// A person's own notifications: nobody reads or marks another's (every query is by user id). One
// kept for its e-mail alone (in_console 0: the person turned the bell off for its kind) is not listed.

export async function notificationsOf(db: Kysely<Database>, userId: string): Promise<NotificationList> {
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

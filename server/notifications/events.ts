import 'server-only';
import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../db/schema';
import type { NotificationKind } from './kinds';

// What every source of notifications hands the notify job, and who a record's person is.

export type NotifyEvent = Omit<NotificationsTable, 'id' | 'created_at' | 'read_at' | 'title' | 'body' | 'href' | 'in_console'> & {
  kind: NotificationKind;
  /** names the record, the action or what failed, in words */
  name: string;
  /** when it is due or began, in words (the timed kinds) */
  when?: string;
  /** the page it links to when the subject is not a record (an action, the console) */
  place?: string;
};

/** "2026-11-27 at 14:00 UTC": a time in words, as the mail and the bell show it. */
export const inWords = (iso: string) => `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;

/** Who sent a package from this console (the one who confirmed it), and its name in words; null when it was not sent here. */
export async function packageSender(db: Kysely<Database>, packageId: string) {
  const sent = await db
    .selectFrom('send_records')
    .select(['user_id', 'confirmed_by', 'template_name', 'reference'])
    .where('package_id', '=', packageId)
    .executeTakeFirst();
  if (sent) {
    const what = sent.reference ?? sent.template_name;
    return {
      userId: sent.confirmed_by ?? sent.user_id,
      name: what ? `Package "${what}" (${packageId})` : `Package ${packageId}`,
    };
  }
  const row = await db
    .selectFrom('bulk_rows')
    .innerJoin('bulk_batches', 'bulk_batches.id', 'bulk_rows.batch_id')
    .select(['bulk_batches.user_id', 'bulk_batches.name', 'bulk_rows.line'])
    .where('bulk_rows.package_id', '=', packageId)
    .executeTakeFirst();
  return row ? { userId: row.user_id, name: `Package ${packageId} (row ${row.line} of "${row.name}")` } : null;
}

/** Who submitted a request from this console; null when it was not submitted here. */
export async function requestSubmitter(db: Kysely<Database>, requestId: string) {
  const submit = await db
    .selectFrom('audit_log')
    .select('user_id')
    .where('operation', '=', 'approval_request.submit')
    .where('outcome', '=', 'success')
    .where('target_id', '=', requestId)
    .orderBy('id')
    .executeTakeFirst();
  return submit?.user_id ? { userId: submit.user_id, name: `Request ${requestId}` } : null;
}

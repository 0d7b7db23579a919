import 'server-only';
import type { Kysely } from 'kysely';
import type { Database, DeliveryState } from '../db/schema';
import { ConsoleError } from '../errors';
import { scrub } from '../redact';
import type { FailedDelivery } from '@/lib/admin/delivery-schemas';

// Admin → Background work: the e-mail deliveries that failed for good (after MAX_ATTEMPTS, or
// to a disabled account), with why, and a retry that puts one back in line from its first
// attempt. The reason is scrubbed again as it is read: an SMTP error can quote SMTP_URL.

export const DELIVERIES_LISTED = 100;

export async function failedDeliveries(db: Kysely<Database>): Promise<{ data: FailedDelivery[]; total: number }> {
  const rows = await db
    .selectFrom('notification_deliveries')
    .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
    .leftJoin('users', 'users.id', 'notifications.user_id')
    .select([
      'notification_deliveries.notification_id',
      'notification_deliveries.channel',
      'notification_deliveries.attempts',
      'notification_deliveries.last_error',
      'notification_deliveries.created_at',
      'notifications.kind',
      'notifications.title',
      'users.email',
    ])
    .where('notification_deliveries.state', '=', 'failed')
    .orderBy('notification_deliveries.created_at', 'desc')
    .limit(DELIVERIES_LISTED)
    .execute();
  const count = await countDeliveriesByState(db);
  return {
    data: rows.map((r) => ({
      notification_id: r.notification_id,
      channel: r.channel,
      kind: r.kind,
      title: r.title,
      to: r.email ?? null,
      attempts: r.attempts,
      reason: r.last_error ? scrub(r.last_error) : 'no reason was kept',
      created_at: r.created_at,
    })),
    total: count.failed,
  };
}

/** A failed delivery back in line, from its first attempt, due now; anything else is refused and nothing changes. */
export async function retryDelivery(db: Kysely<Database>, notificationId: string, now = new Date()) {
  const result = await db
    .updateTable('notification_deliveries')
    .set({ state: 'pending', attempts: 0, next_attempt_at: now.toISOString(), claimed_until: null })
    .where('notification_id', '=', notificationId)
    .where('channel', '=', 'email')
    .where('state', '=', 'failed')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new ConsoleError(
      404,
      'NOT_FOUND',
      `No failed e-mail delivery of notification ${notificationId}: only a failed one can be retried, and this one is not (it was sent, is waiting, or does not exist).`,
    );
  return { notification_id: notificationId, retried: true as const };
}

export const DELIVERY_STATES: readonly DeliveryState[] = ['pending', 'sending', 'sent', 'failed'];

/** Deliveries by state, every state named (0 too): signdesk_notification_deliveries. */
export async function countDeliveriesByState(db: Kysely<Database>): Promise<Record<DeliveryState, number>> {
  const rows = await db
    .selectFrom('notification_deliveries')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0])) as Record<DeliveryState, number>;
  for (const { state, n } of rows) if (DELIVERY_STATES.includes(state)) counts[state] = Number(n);
  return counts;
}

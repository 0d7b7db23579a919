import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Retention: the audit log and the intent journal grow with every action. Each keeps what its
// setting says, in days; 0 keeps everything. An intent whose outcome is not known (or still
// pending) is never pruned: it is what settles that outcome, however old.

export interface RetentionSettings {
  /** AUDIT_RETENTION_DAYS: audit entries older than this go; 0 keeps them all */
  auditDays: number;
  /** INTENT_RETENTION_DAYS: settled intents (succeeded, failed) untouched for this long go */
  intentDays: number;
}

export interface Pruned {
  audit: number;
  intents: number;
}

const DAY_MS = 86_400_000;

/** Deletes what is past its retention at `now`; safe to run on several instances at once. */
export async function pruneExpired(db: Kysely<Database>, settings: RetentionSettings, now = new Date()): Promise<Pruned> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  let audit = 0;
  let intents = 0;
  if (settings.auditDays > 0) {
    const { numDeletedRows } = await db.deleteFrom('audit_log').where('at', '<', before(settings.auditDays)).executeTakeFirst();
    audit = Number(numDeletedRows);
  }
  if (settings.intentDays > 0) {
    const { numDeletedRows } = await db
      .deleteFrom('intent_journal')
      .where('state', 'in', ['succeeded', 'failed'])
      .where('updated_at', '<', before(settings.intentDays))
      .executeTakeFirst();
    intents = Number(numDeletedRows);
  }
  return { audit, intents };
}

import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';

/** A dismissal outlives what it hides by this much: "Went wrong" shows a day, so older ones hide nothing. */
const KEEP_MS = 2 * 24 * 3_600_000;

/** The keys of home rows the user dismissed. */
export async function dismissedKeys(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('home_dismissals').select('item_key').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.item_key));
}

/**
 * Puts one of the user's own failures aside on home (`audit:<id>`): anyone else's, or a key of
 * no failure, is 404 and changes nothing. Dismissing it again is the same dismissal.
 */
export async function dismissHomeItem(db: Kysely<Database>, userId: string, key: string, now: Date) {
  const id = Number(/^audit:(\d{1,15})$/.exec(key)?.[1]);
  const entry = Number.isSafeInteger(id)
    ? await db
        .selectFrom('audit_log')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('outcome', '=', 'failure')
        .executeTakeFirst()
    : undefined;
  if (!entry) throw new ConsoleError(404, 'NOT_FOUND', 'Nothing of yours that went wrong has this key.');
  await db
    .insertInto('home_dismissals')
    .values({ user_id: userId, item_key: key, dismissed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'item_key']).doNothing())
    .execute();
  // What no longer hides anything is not kept.
  await db
    .deleteFrom('home_dismissals')
    .where('user_id', '=', userId)
    .where('dismissed_at', '<', new Date(now.getTime() - KEEP_MS).toISOString())
    .execute();
  return { dismissed: key };
}

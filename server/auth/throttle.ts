import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Failed sign-ins are counted per account and per address in the database, so the limits
// hold across every console instance.
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;
const LIMITS = { account: 5, address: 20 } as const;

type Kind = keyof typeof LIMITS;
const keyOf = (kind: Kind, value: string) => `${kind}:${value}`;

/** Seconds until sign-in may be tried again for any of the keys, or 0. */
export async function lockedFor(db: Kysely<Database>, keys: [Kind, string][], now = Date.now()): Promise<number> {
  const rows = await db
    .selectFrom('sign_in_attempts')
    .select(['locked_until'])
    .where('key', 'in', keys.map(([k, v]) => keyOf(k, v)))
    .execute();
  const until = Math.max(0, ...rows.map((r) => (r.locked_until ? Date.parse(r.locked_until) : 0)));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export async function recordFailure(db: Kysely<Database>, keys: [Kind, string][], now = Date.now()): Promise<void> {
  for (const [kind, value] of keys) {
    const key = keyOf(kind, value);
    await db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('sign_in_attempts').selectAll().where('key', '=', key).executeTakeFirst();
      const fresh = !row || now - Date.parse(row.window_started_at) > WINDOW_MS;
      const failures = fresh ? 1 : row.failures + 1;
      const values = {
        failures,
        window_started_at: fresh ? new Date(now).toISOString() : row.window_started_at,
        locked_until: failures >= LIMITS[kind] ? new Date(now + LOCK_MS).toISOString() : null,
      };
      if (row) await tx.updateTable('sign_in_attempts').set(values).where('key', '=', key).execute();
      else await tx.insertInto('sign_in_attempts').values({ key, ...values }).execute();
    });
  }
}

export async function clearFailures(db: Kysely<Database>, kind: Kind, value: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('key', '=', keyOf(kind, value)).execute();
}

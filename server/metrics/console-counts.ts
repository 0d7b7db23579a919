import 'server-only';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { BULK_ROW_STATES, type BulkRowState } from '@/lib/bulk/schemas';
import type { Database, IntentState } from '../db/schema';
import { THROTTLE_KINDS, WINDOW_MS, freeAttempts, type ThrottleKind } from '../auth/throttle';

// What the metrics read from the console's database at scrape time: one grouped COUNT each,
// so a scrape costs three small queries however busy the console is. Every known state is
// named, at 0 too, so an alert on `unknown` intents sees 0 rather than nothing.

export const INTENT_STATES: readonly IntentState[] = ['pending', 'succeeded', 'failed', 'unknown'];

function byState<S extends string>(
  states: readonly S[],
  rows: { state: string; n: number | string | bigint }[],
): Record<S, number> {
  const counts = Object.fromEntries(states.map((s) => [s, 0])) as Record<S, number>;
  for (const { state, n } of rows) if ((states as readonly string[]).includes(state)) counts[state as S] = Number(n);
  return counts;
}

/** Intents in the journal by state; `unknown` ones wait for a replay of their key. */
export async function countIntentsByState(db: Kysely<Database>): Promise<Record<IntentState, number>> {
  const rows = await db
    .selectFrom('intent_journal')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  return byState(INTENT_STATES, rows);
}

/** Rows of every bulk batch by state. */
export async function countBulkRowsByState(db: Kysely<Database>): Promise<Record<BulkRowState, number>> {
  const rows = await db
    .selectFrom('bulk_rows')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  return byState(BULK_ROW_STATES, rows);
}

// `untrusted:` is what an earlier layout called `account:` (throttle-admin.ts).
const kindOfKey = sql<ThrottleKind>`CASE WHEN key LIKE 'address:%' THEN 'address' WHEN key LIKE 'device:%' THEN 'device' ELSE 'account' END`;

/**
 * Throttle keys whose next sign-in is slowed or refused at `now`, by kind: past their free
 * allowance within their window, or with a reserved slot still ahead (as throttle-admin.ts
 * lists accounts). Addresses are counted as their buckets (an IPv6 /64), never named.
 */
export async function countThrottled(db: Kysely<Database>, now = Date.now()): Promise<Record<ThrottleKind, number>> {
  // The allowances are the code's own constants, written into the SQL: as parameters inside a
  // CASE, PostgreSQL cannot tell their type.
  const free = (kind: ThrottleKind) => sql.lit(freeAttempts(kind));
  const overAllowance = sql<SqlBool>`attempts > CASE WHEN key LIKE 'address:%' THEN ${free('address')} WHEN key LIKE 'device:%' THEN ${free('device')} ELSE ${free('account')} END`;
  const rows = await db
    .selectFrom('sign_in_throttle')
    .select([kindOfKey.as('state'), sql<number>`COUNT(*)`.as('n')])
    .where((eb) => eb.or([eb('next_at', '>', now), eb.and([eb('window_start', '>=', now - WINDOW_MS), overAllowance])]))
    .groupBy(kindOfKey)
    .execute();
  return byState(THROTTLE_KINDS, rows);
}

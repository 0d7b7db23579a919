import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Sign-in throttling (DESIGN.md section 5): every attempt is counted per account and per
// address in the database, in single statements, so parallel attempts and several console
// instances count exactly. Beyond a free allowance, attempts on a key are spaced out with a
// doubling gap: each one reserves the next slot and waits for it. Nothing locks: an
// account's wait is capped, so whoever hammers an account slows its owner down by at most
// ACCOUNT_MAX_WAIT_MS; only an address's own excess is refused.
const WINDOW_MS = 15 * 60_000;
export const ACCOUNT_MAX_WAIT_MS = 10_000;
export const ADDRESS_MAX_WAIT_MS = 30_000;
const POLICY = {
  account: { free: 5, firstGapMs: 1_000, maxGapMs: ACCOUNT_MAX_WAIT_MS },
  address: { free: 20, firstGapMs: 1_000, maxGapMs: ADDRESS_MAX_WAIT_MS },
} as const;

export type ThrottleKind = keyof typeof POLICY;
export const throttleKey = (kind: ThrottleKind, value: string) => `${kind}:${value}`;

/** The gap an attempt leaves before the next one: none within the allowance, then doubling. */
export function gapAfter(kind: ThrottleKind, attempt: number): number {
  const { free, firstGapMs, maxGapMs } = POLICY[kind];
  return attempt <= free ? 0 : Math.min(maxGapMs, firstGapMs * 2 ** Math.min(attempt - free - 1, 30));
}

export interface Reservation {
  attempts: number;
  /** epoch ms at which this attempt may run */
  slotAt: number;
}

/** Counts one attempt on a key and reserves its slot: two atomic statements, no read-then-write. */
export async function reserveAttempt(db: Kysely<Database>, key: string, now = Date.now()): Promise<Reservation> {
  const stale = now - WINDOW_MS;
  const { attempts } = await db
    .insertInto('sign_in_throttle')
    .values({ key, attempts: 1, window_start: now, next_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql<number>`CASE WHEN sign_in_throttle.window_start < ${stale} THEN 1 ELSE sign_in_throttle.attempts + 1 END`,
        window_start: sql<number>`CASE WHEN sign_in_throttle.window_start < ${stale} THEN ${now} ELSE sign_in_throttle.window_start END`,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  const gap = gapAfter(key.startsWith('account:') ? 'account' : 'address', Number(attempts));
  const { next_at } = await db
    .updateTable('sign_in_throttle')
    .set({ next_at: sql<number>`(CASE WHEN next_at > ${now} THEN next_at ELSE ${now} END) + ${gap}` })
    .where('key', '=', key)
    .returning('next_at')
    .executeTakeFirstOrThrow();
  return { attempts: Number(attempts), slotAt: Number(next_at) - gap };
}

export type Admission = { waitMs: number } | { refusedForMs: number };

/**
 * Counts a sign-in attempt for an account from an address and says how long it must wait
 * before the password is checked, or that the address has outrun its allowance.
 */
export async function admitSignIn(db: Kysely<Database>, account: string, address: string, now = Date.now()): Promise<Admission> {
  const [forAccount, forAddress] = await Promise.all([
    reserveAttempt(db, throttleKey('account', account), now),
    reserveAttempt(db, throttleKey('address', address), now),
  ]);
  const addressWait = forAddress.slotAt - now;
  if (addressWait > ADDRESS_MAX_WAIT_MS) return { refusedForMs: addressWait };
  return { waitMs: Math.max(0, addressWait, Math.min(forAccount.slotAt - now, ACCOUNT_MAX_WAIT_MS)) };
}

/**
 * A successful sign-in ends the account's throttling and takes its own attempt back from the
 * address's count, so an office behind one address is slowed by failures, not by sign-ins.
 */
export async function recordSuccess(db: Kysely<Database>, account: string, address: string): Promise<void> {
  await db.deleteFrom('sign_in_throttle').where('key', '=', throttleKey('account', account)).execute();
  await db
    .updateTable('sign_in_throttle')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('key', '=', throttleKey('address', address))
    .where('attempts', '>', 0)
    .execute();
}

/** Counted attempts on a key within its window (tests and the audit of throttling). */
export async function attemptsOn(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db.selectFrom('sign_in_throttle').select('attempts').where('key', '=', key).executeTakeFirst();
  return row ? Number(row.attempts) : 0;
}

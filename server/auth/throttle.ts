import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addressBucket } from './address-bucket';

// Sign-in throttling (DESIGN.md section 5): every attempt is counted in the database, in single
// statements, so parallel attempts and several console instances count exactly. Beyond a free
// allowance, attempts on a key are spaced out with a doubling gap: each one reserves the next
// slot and waits for it. Keys:
// - `address:` the caller's address (an IPv6 /64): an address past its queue is refused.
// - `device:` a browser that signed in to the account before (device-cookie.ts): spaced only,
//   so whoever guesses at the account from elsewhere never locks its owner out.
// - `account:` the account, from browsers it has never signed in from: spaced, and after
//   UNKNOWN_BROWSER_ALLOWANCE attempts in a window refused outright, so a crowd of addresses
//   guessing at one account gets a few guesses per window, not one each.
export const WINDOW_MS = 15 * 60_000;
export const ACCOUNT_MAX_WAIT_MS = 10_000;
export const ADDRESS_MAX_WAIT_MS = 30_000;
export const UNKNOWN_BROWSER_ALLOWANCE = 10;
const POLICY = {
  account: { free: 5, firstGapMs: 1_000, maxGapMs: ACCOUNT_MAX_WAIT_MS },
  device: { free: 5, firstGapMs: 1_000, maxGapMs: ACCOUNT_MAX_WAIT_MS },
  address: { free: 20, firstGapMs: 1_000, maxGapMs: ADDRESS_MAX_WAIT_MS },
} as const;

export type ThrottleKind = keyof typeof POLICY;
export const THROTTLE_KINDS = Object.keys(POLICY) as ThrottleKind[];
/** Attempts on a key within its window before the next one is spaced out. */
export const freeAttempts = (kind: ThrottleKind) => POLICY[kind].free;
export const throttleKey = (kind: ThrottleKind, value: string) => `${kind}:${value}`;

/** The gap an attempt leaves before the next one: none within the allowance, then doubling. */
export function gapAfter(kind: ThrottleKind, attempt: number): number {
  const { free, firstGapMs, maxGapMs } = POLICY[kind];
  return attempt <= free ? 0 : Math.min(maxGapMs, firstGapMs * 2 ** Math.min(attempt - free - 1, 30));
}

export interface Reservation {
  attempts: number;
  /** epoch ms at which the key's counting window began */
  windowStart: number;
  /** epoch ms at which this attempt may run */
  slotAt: number;
}

/** Counts one attempt on a key and reserves its slot: two atomic statements, no read-then-write. */
export async function reserveAttempt(db: Kysely<Database>, key: string, now = Date.now()): Promise<Reservation> {
  const stale = now - WINDOW_MS;
  const { attempts, window_start } = await db
    .insertInto('sign_in_throttle')
    .values({ key, attempts: 1, window_start: now, next_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql<number>`CASE WHEN sign_in_throttle.window_start < ${stale} THEN 1 ELSE sign_in_throttle.attempts + 1 END`,
        window_start: sql<number>`CASE WHEN sign_in_throttle.window_start < ${stale} THEN ${now} ELSE sign_in_throttle.window_start END`,
      }),
    )
    .returning(['attempts', 'window_start'])
    .executeTakeFirstOrThrow();
  const gap = gapAfter(kindOf(key), Number(attempts));
  const { next_at } = await db
    .updateTable('sign_in_throttle')
    .set({ next_at: sql<number>`(CASE WHEN next_at > ${now} THEN next_at ELSE ${now} END) + ${gap}` })
    .where('key', '=', key)
    .returning('next_at')
    .executeTakeFirstOrThrow();
  return { attempts: Number(attempts), windowStart: Number(window_start), slotAt: Number(next_at) - gap };
}

const kindOf = (key: string): ThrottleKind => key.slice(0, key.indexOf(':')) as ThrottleKind;

export type Admission = { waitMs: number } | { refusedForMs: number; reason: 'address' | 'unknown-browser' };

export interface Attempt {
  account: string;
  /** the caller's address as the console's server decided it */
  address: string;
  /** the id this browser's device cookie holds for the account; null for a browser it never signed in from */
  device: string | null;
  now?: number;
}

/**
 * Counts a sign-in attempt and says how long it must wait before the password is checked, or
 * that it is refused: the address has outrun its allowance, or the account has had too many
 * attempts from unknown browsers in this window.
 */
export async function admitSignIn(db: Kysely<Database>, { account, address, device, now = Date.now() }: Attempt): Promise<Admission> {
  const [forCaller, forAddress] = await Promise.all([
    reserveAttempt(db, device ? throttleKey('device', device) : throttleKey('account', account), now),
    reserveAttempt(db, throttleKey('address', addressBucket(address)), now),
  ]);
  const addressWait = forAddress.slotAt - now;
  if (addressWait > ADDRESS_MAX_WAIT_MS) return { refusedForMs: addressWait, reason: 'address' };
  if (!device && forCaller.attempts > UNKNOWN_BROWSER_ALLOWANCE)
    return { refusedForMs: Math.max(1_000, forCaller.windowStart + WINDOW_MS - now), reason: 'unknown-browser' };
  return { waitMs: Math.max(0, addressWait, Math.min(forCaller.slotAt - now, ACCOUNT_MAX_WAIT_MS)) };
}

/**
 * A successful sign-in ends the throttling of the key it was counted on and takes its own
 * attempt back from the address's count, so an office behind one address is slowed by
 * failures, not by sign-ins. A known browser's success leaves the account's count from
 * unknown browsers alone: the owner signing in does not hand a guesser a new allowance.
 */
export async function recordSuccess(db: Kysely<Database>, { account, address, device }: Omit<Attempt, 'now'>): Promise<void> {
  await db
    .deleteFrom('sign_in_throttle')
    .where('key', '=', device ? throttleKey('device', device) : throttleKey('account', account))
    .execute();
  await db
    .updateTable('sign_in_throttle')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('key', '=', throttleKey('address', addressBucket(address)))
    .where('attempts', '>', 0)
    .execute();
}

/** Counted attempts on a key within its window (tests and the audit of throttling). */
export async function attemptsOn(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db.selectFrom('sign_in_throttle').select('attempts').where('key', '=', key).executeTakeFirst();
  return row ? Number(row.attempts) : 0;
}

import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normaliseEmail } from '../users/users';
import { WINDOW_MS, gapAfter, throttleKey } from './throttle';

// Sign-in throttling as an admin sees it (Admin → Users, `npm run unthrottle`): which accounts
// are slowed or refused now, and lifting that, instead of deleting rows by hand. Only an
// account's own rows count and are lifted: `account:` (attempts from browsers it does not
// know) and `untrusted:` (the same, as an earlier layout named them). An address's count and a
// known browser's (`device:`) are not an account's, and stay.
const ACCOUNT_PREFIXES = ['account:', 'untrusted:'] as const;

export interface ThrottledAccount {
  email: string;
  /** attempts counted in the current window (the larger count of the account's rows) */
  attempts: number;
  /** ISO time until which attempts stay slowed or refused, unless lifted */
  until: string;
}

const emailOf = (key: string) => key.slice(key.indexOf(':') + 1);

/**
 * Accounts whose next sign-in is slowed or refused at `now`: past their free allowance within
 * their window, or with a reserved slot still ahead. Sorted by e-mail.
 */
export async function listThrottled(db: Kysely<Database>, now = Date.now()): Promise<ThrottledAccount[]> {
  const rows = await db
    .selectFrom('sign_in_throttle')
    .select(['key', 'attempts', 'window_start', 'next_at'])
    .where((eb) => eb.or(ACCOUNT_PREFIXES.map((p) => eb('key', 'like', `${p}%`))))
    .where((eb) => eb.or([eb('window_start', '>=', now - WINDOW_MS), eb('next_at', '>', now)]))
    .execute();
  const byEmail = new Map<string, { attempts: number; until: number }>();
  for (const row of rows) {
    const attempts = Number(row.attempts);
    const windowEnd = Number(row.window_start) + WINDOW_MS;
    const nextAt = Number(row.next_at);
    // Past the allowance, every attempt in the window is spaced (or refused) until it ends.
    const overAllowance = windowEnd > now && gapAfter('account', attempts) > 0;
    if (!overAllowance && nextAt <= now) continue;
    const until = Math.max(nextAt, overAllowance ? windowEnd : 0);
    const email = emailOf(row.key);
    const seen = byEmail.get(email);
    byEmail.set(email, { attempts: Math.max(attempts, seen?.attempts ?? 0), until: Math.max(until, seen?.until ?? 0) });
  }
  return [...byEmail]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([email, { attempts, until }]) => ({ email, attempts, until: new Date(until).toISOString() }));
}

/** Ends the throttling of an account's sign-ins; how many rows it took (0: none was throttled). */
export async function liftThrottle(db: Kysely<Database>, email: string): Promise<number> {
  const account = normaliseEmail(email);
  const result = await db
    .deleteFrom('sign_in_throttle')
    .where('key', 'in', [throttleKey('account', account), `untrusted:${account}`])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import 'server-only';
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import { cookies, headers } from 'next/headers';
import { env, type SessionKey } from '../env';
import { db } from '../db';
import { findUser, type User } from '../users/users';
import { isSecureContext } from './request-info';
import { open, sealingPassword } from './session-keys';

export interface SessionData {
  uid?: string;
  /** the user's session version when sealed; a bump (sign-out, disable) voids every seal */
  ver?: number;
  /** issued at / last seen, epoch ms */
  iat?: number;
  seen?: number;
}

const REFRESH_AFTER_MS = 60_000;

function options(secure: boolean): SessionOptions {
  const e = env();
  return {
    // Only the first password, which seals: cookies are opened by session-keys, which knows them all.
    password: sealingPassword(),
    cookieName: secure ? '__Host-signdesk' : 'signdesk',
    ttl: e.SESSION_ABSOLUTE_HOURS * 3600,
    cookieOptions: { secure, httpOnly: true, sameSite: 'lax', path: '/' },
  };
}

/**
 * An iron-session over `data`, already opened here: it writes the cookie (save seals with the
 * first password, destroy clears it) but never reads it, since iron-session would open it with
 * the sealing password alone and lose every cookie of an older one.
 */
async function writableSession(opts: SessionOptions, data: SessionData): Promise<IronSession<SessionData>> {
  const store = await cookies();
  const session = await getIronSession<SessionData>({ get: () => undefined, set: store.set.bind(store) }, opts);
  return Object.assign(session, data);
}

export async function getSession(): Promise<IronSession<SessionData>> {
  const opts = options(isSecureContext(await headers()));
  const seal = (await cookies()).get(opts.cookieName)?.value ?? '';
  return writableSession(opts, cachedSeal(seal) ?? (await unseal(seal)));
}

// Unsealed cookies by seal string. Unsealing (two PBKDF2 derivations, an HMAC and an AES
// decryption, each a WebCrypto job) was the largest cost of an authenticated request. A seal
// is authenticated and immutable, so until its own expiry it always unseals to the same data:
// only seals that unsealed are kept, only until that expiry, and the timeouts, the user, the
// session version and the roles below are still checked on every request. A bounded cache,
// not state: losing it (or running several instances) changes nothing but the cost.
// Each entry remembers the password list it was opened under: once the list changes (a
// password removed), no cached seal outlives the password that opened it.
const unsealed = new Map<string, { data: SessionData; expiresAt: number; under: readonly SessionKey[] }>();
const UNSEALED_MAX = 2_000;

/** The cached data of a seal still within its expiry; null when it must be unsealed. */
function cachedSeal(seal: string): SessionData | null {
  if (!seal) return {};
  const hit = unsealed.get(seal);
  if (hit && Date.now() < hit.expiresAt && hit.under === env().SESSION_PASSWORD) return { ...hit.data };
  if (hit) unsealed.delete(seal);
  return null;
}

async function unseal(seal: string): Promise<SessionData> {
  const e = env();
  const data: SessionData = await open<SessionData>(seal, e.SESSION_ABSOLUTE_HOURS * 3600);
  // Iron's expiry is the sixth field, covered by the HMAC just checked; the cache stops short
  // of the clock skew Iron tolerates, so it never accepts a seal that Iron would refuse.
  const expiresAt = Number(seal.split('*')[5]);
  if (data.uid && Number.isSafeInteger(expiresAt) && expiresAt > Date.now()) {
    if (unsealed.size >= UNSEALED_MAX) unsealed.delete(unsealed.keys().next().value!);
    unsealed.set(seal, { data: { ...data }, expiresAt, under: e.SESSION_PASSWORD });
  }
  return data;
}

/**
 * The reader's session as a Cookie header for a call this server makes to itself at `host`
 * (server/http/prefetch.ts): the cookie's name follows that address (plain on loopback),
 * whatever name the reader's browser used. Null without a session cookie.
 */
export async function sessionCookieFor(host: string): Promise<string | null> {
  const seal = (await cookies()).get(options(isSecureContext(await headers())).cookieName)?.value;
  return seal ? `${options(isSecureContext(new Headers({ host }))).cookieName}=${seal}` : null;
}

export type SessionState = { user: User } | { user: null; reason: 'none' | 'expired' };

/** What a route handler already holds: reading the cookie from it skips Next's request-store lookups. */
export interface RequestSource {
  headers: { get(name: string): string | null };
  cookies: { get(name: string): { value: string } | undefined };
}

/**
 * The signed-in user, or why there is none. Checks the absolute and idle timeouts and the
 * session version; `touch` (route handlers only: pages cannot set cookies) slides the idle
 * window. Route handlers pass their request; pages read it through next/headers.
 */
export async function currentSession(touch: boolean, req?: RequestSource): Promise<SessionState> {
  const opts = options(isSecureContext(req ? req.headers : await headers()));
  const seal = (req ? req.cookies : await cookies()).get(opts.cookieName)?.value ?? '';
  // A cache hit stays synchronous: every await here is paid on every request.
  const session = cachedSeal(seal) ?? (await unseal(seal));
  if (!session.uid || !session.ver || !session.iat || !session.seen) return { user: null, reason: 'none' };
  // Clearing or re-sealing the cookie goes through iron-session, on these rare paths only.
  const sealed = () => writableSession(opts, session);
  const e = env();
  const now = Date.now();
  if (now - session.iat > e.SESSION_ABSOLUTE_HOURS * 3_600_000 || now - session.seen > e.SESSION_IDLE_MINUTES * 60_000) {
    if (touch) (await sealed()).destroy();
    return { user: null, reason: 'expired' };
  }
  const user = await findUser(await db(), session.uid);
  if (!user || user.disabled || user.sessionVersion !== session.ver) {
    if (touch) (await sealed()).destroy();
    return { user: null, reason: 'expired' };
  }
  if (touch && now - session.seen > REFRESH_AFTER_MS) {
    const refreshed = await sealed();
    refreshed.seen = now;
    await refreshed.save();
  }
  return { user };
}

/** A fresh seal at sign-in: nothing of an earlier cookie carries over. */
export async function startSession(user: User): Promise<void> {
  const session = await writableSession(options(isSecureContext(await headers())), {});
  const now = Date.now();
  Object.assign(session, { uid: user.id, ver: user.sessionVersion, iat: now, seen: now } satisfies SessionData);
  await session.save();
}

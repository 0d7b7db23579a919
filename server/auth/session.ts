import 'server-only';
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import { cookies, headers } from 'next/headers';
import { env } from '../env';
import { db } from '../db';
import { findUser, type User } from '../users/users';
import { isSecureContext } from './request-info';

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
  const passwords = env().SESSION_PASSWORD;
  const e = env();
  return {
    // The first configured password has the highest id, so it seals; all of them unseal.
    password: Object.fromEntries(passwords.map((p, i) => [String(passwords.length - i), p])),
    cookieName: secure ? '__Host-signdesk' : 'signdesk',
    ttl: e.SESSION_ABSOLUTE_HOURS * 3600,
    cookieOptions: { secure, httpOnly: true, sameSite: 'lax', path: '/' },
  };
}

export async function getSession(): Promise<IronSession<SessionData>> {
  const h = await headers();
  return getIronSession<SessionData>(await cookies(), options(isSecureContext(h)));
}

export type SessionState = { user: User; session: IronSession<SessionData> } | { user: null; reason: 'none' | 'expired' };

/**
 * The signed-in user, or why there is none. Checks the absolute and idle timeouts and the
 * session version; `touch` (route handlers only: pages cannot set cookies) slides the idle window.
 */
export async function currentSession(touch: boolean): Promise<SessionState> {
  const session = await getSession();
  if (!session.uid || !session.ver || !session.iat || !session.seen) return { user: null, reason: 'none' };
  const e = env();
  const now = Date.now();
  if (now - session.iat > e.SESSION_ABSOLUTE_HOURS * 3_600_000 || now - session.seen > e.SESSION_IDLE_MINUTES * 60_000) {
    if (touch) session.destroy();
    return { user: null, reason: 'expired' };
  }
  const user = await findUser(await db(), session.uid);
  if (!user || user.disabled || user.sessionVersion !== session.ver) {
    if (touch) session.destroy();
    return { user: null, reason: 'expired' };
  }
  if (touch && now - session.seen > REFRESH_AFTER_MS) {
    session.seen = now;
    await session.save();
  }
  return { user, session };
}

/** A fresh seal at sign-in: nothing of an earlier cookie carries over. */
export async function startSession(user: User): Promise<void> {
  const session = await getSession();
  session.destroy();
  const now = Date.now();
  Object.assign(session, { uid: user.id, ver: user.sessionVersion, iat: now, seen: now } satisfies SessionData);
  await session.save();
}

import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../env';

// Device cookies (OWASP's defence against slow, distributed guessing): a browser that signed
// in to an account before carries a signed token for that account, and keeps its own sign-in
// allowance however many strangers guess at the account from elsewhere. The token proves
// nothing but "this browser signed in as this account once"; it is no credential.
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;
/** One browser may be used for a few accounts (a shared desk); the oldest entries go. */
const MAX_ENTRIES = 5;

export const deviceCookieName = (secure: boolean) => (secure ? '__Host-signdesk-device' : 'signdesk-device');

interface Entry {
  account: string;
  id: string;
}

const mac = (secret: string, account: string, id: string) =>
  createHmac('sha256', `signdesk device cookie\n${secret}`).update(`${account}\n${id}`).digest('base64url');

function verified(raw: string): Entry | null {
  const [account64, id, sig] = raw.split('~');
  if (!account64 || !id || !sig || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const account = Buffer.from(account64, 'base64url').toString('utf8');
  const given = Buffer.from(sig, 'base64url');
  // Any configured session password verifies: a rotation keeps browsers known.
  const ok = env().SESSION_PASSWORD.some(({ secret }) => {
    const expected = Buffer.from(mac(secret, account, id), 'base64url');
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return ok ? { account, id } : null;
}

/** The entries of a cookie value whose signatures hold; anything else in it is ignored. */
export function readDeviceCookie(value: string | undefined): Entry[] {
  if (!value || value.length > 4096) return [];
  return value
    .split('.')
    .slice(0, MAX_ENTRIES)
    .map(verified)
    .filter((e): e is Entry => e !== null);
}

/** The device id this browser holds for `account`, or null when it never signed in as it. */
export function deviceFor(value: string | undefined, account: string): string | null {
  return readDeviceCookie(value).find((e) => e.account === account)?.id ?? null;
}

/** The cookie value after a successful sign-in: this account's entry first, a new one if none. */
export function withDevice(value: string | undefined, account: string): string {
  const entries = readDeviceCookie(value);
  const mine = entries.find((e) => e.account === account) ?? { account, id: randomBytes(18).toString('base64url') };
  const secret = env().SESSION_PASSWORD[0]!.secret;
  return [mine, ...entries.filter((e) => e.account !== account)]
    .slice(0, MAX_ENTRIES)
    .map((e) => `${Buffer.from(e.account, 'utf8').toString('base64url')}~${e.id}~${mac(secret, e.account, e.id)}`)
    .join('.');
}

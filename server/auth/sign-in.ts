import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { cookies } from 'next/headers';
import { db } from '../db';
import { env } from '../env';
import { recordAudit } from '../audit';
import { noteSignInFailure } from '../metrics/observe';
import { ConsoleError } from '../errors';
import { DUMMY_HASH, needsRehash, verifyPassword } from '../users/password';
import { findUserByEmail, normaliseEmail, toUser, upgradePasswordHash, type User } from '../users/users';
import { DEVICE_COOKIE_MAX_AGE_S, deviceCookieName, deviceFor, withDevice } from './device-cookie';
import { startSession } from './session';
import { admitSignIn, recordSuccess } from './throttle';

const WRONG = 'The e-mail or password is incorrect.';
const DISABLED = 'This account is disabled. Ask a Signdesk admin (Admin → Users) to enable it again.';

export interface Caller {
  address: string;
  /** the device cookie this browser sent, if any */
  deviceCookie: string | undefined;
  secure: boolean;
}

function refusal(reason: 'address' | 'unknown-browser', seconds: number): string {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second(s)`;
  return reason === 'address'
    ? `Too many sign-in attempts from your network. Try again in ${wait}.`
    : `Too many failed sign-ins to this account from browsers it has not signed in from before. Sign in from a browser you have used with this account, try again in ${wait}, or ask an admin to lift the throttle.`;
}

/** The browser is known to this account from now on (device-cookie.ts). */
async function rememberDevice(account: string, secure: boolean, current: string | undefined): Promise<void> {
  (await cookies()).set(deviceCookieName(secure), withDevice(current, account), {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/**
 * Checks credentials under the throttle. Unknown, disabled and wrong-password accounts get
 * the same answer in about the same time, so the answer never tells whether an account exists.
 */
export async function signIn(input: { email: string; password: string }, caller: Caller): Promise<User> {
  const conn = await db();
  const email = normaliseEmail(input.email);
  const { address } = caller;
  const attempt = { account: email, address, device: deviceFor(caller.deviceCookie, email) };
  // A refused attempt is audited under the address tried, with no user.
  const failure = (status: number, errorCode: string, details: Record<string, unknown>) => {
    noteSignInFailure(errorCode);
    return recordAudit(conn, { user: null, triedEmail: email, operation: 'auth.sign_in', targetType: 'user', targetId: email, outcome: 'failure', status, errorCode, details });
  };
  const admission = await admitSignIn(conn, attempt);
  if ('refusedForMs' in admission) {
    const seconds = Math.ceil(admission.refusedForMs / 1000);
    await failure(429, 'SIGN_IN_THROTTLED', { address, reason: admission.reason });
    throw new ConsoleError(429, 'SIGN_IN_THROTTLED', refusal(admission.reason, seconds), [], { 'Retry-After': String(seconds) });
  }
  // The wait is the throttle: every attempt beyond the allowance is slowed, none is locked out.
  if (admission.waitMs > 0) await sleep(admission.waitMs);
  const row = await findUserByEmail(conn, email);
  // A provider's account has no password here: checked against the dummy, so it answers as an unknown one would.
  const local = row?.origin !== 'oidc';
  const ok = await verifyPassword(input.password, row && local ? row.password_hash : DUMMY_HASH);
  if (!row || !local || !ok) {
    await failure(401, 'INVALID_CREDENTIALS', { address });
    throw new ConsoleError(401, 'INVALID_CREDENTIALS', WRONG);
  }
  // Said only once the password is right: a guess learns nothing of the account's state.
  if (row.disabled === 1) {
    await failure(403, 'ACCOUNT_DISABLED', { address });
    throw new ConsoleError(403, 'ACCOUNT_DISABLED', DISABLED);
  }
  // With password sign-in off, only the break-glass way stays: a local admin (README, Security).
  if (!env().LOCAL_SIGN_IN && !toUser(row).roles.includes('admin')) {
    await failure(403, 'LOCAL_SIGN_IN_OFF', { address });
    throw new ConsoleError(
      403,
      'LOCAL_SIGN_IN_OFF',
      'Sign in with your company’s identity provider: password sign-in is for emergencies, by admins only.',
    );
  }
  await recordSuccess(conn, attempt);
  await conn.updateTable('users').set({ last_sign_in_at: new Date().toISOString() }).where('id', '=', row.id).execute();
  if (needsRehash(row.password_hash)) await upgradePasswordHash(conn, row.id, row.password_hash, input.password);
  const user = toUser(row);
  await startSession(user);
  await rememberDevice(email, caller.secure, caller.deviceCookie);
  await recordAudit(conn, {
    user,
    operation: 'auth.sign_in',
    targetType: 'user',
    targetId: user.id,
    outcome: 'success',
    status: 200,
    details: { address },
  });
  return user;
}

import 'server-only';
import { db } from '../db';
import { recordAudit } from '../audit';
import { HttpError } from '../http/respond';
import { DUMMY_HASH, verifyPassword } from '../users/password';
import { findUserByEmail, normaliseEmail, toUser, type User } from '../users/users';
import { startSession } from './session';
import { clearFailures, lockedFor, recordFailure } from './throttle';

const WRONG = 'The e-mail or password is incorrect.';

/**
 * Checks credentials under the throttle. Unknown, disabled and wrong-password accounts get
 * the same answer in about the same time, so the answer never tells whether an account exists.
 */
export async function signIn(input: { email: string; password: string }, address: string): Promise<User> {
  const conn = await db();
  const email = normaliseEmail(input.email);
  const keys: ['account' | 'address', string][] = [
    ['account', email],
    ['address', address],
  ];
  const wait = await lockedFor(conn, keys);
  if (wait > 0) {
    throw new HttpError(429, 'SIGN_IN_THROTTLED', `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} minute(s).`, [], { 'Retry-After': String(wait) });
  }
  const row = await findUserByEmail(conn, email);
  const ok = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !ok || row.disabled === 1) {
    await recordFailure(conn, keys);
    await recordAudit(conn, { user: null, operation: 'auth.sign_in', targetType: 'user', targetId: email, outcome: 'failure', status: 401, errorCode: 'INVALID_CREDENTIALS' });
    throw new HttpError(401, 'INVALID_CREDENTIALS', WRONG);
  }
  await clearFailures(conn, 'account', email);
  const user = toUser(row);
  await startSession(user);
  await recordAudit(conn, { user, operation: 'auth.sign_in', targetType: 'user', targetId: user.id, outcome: 'success', status: 200 });
  return user;
}

import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { db } from '../db';
import { recordAudit } from '../audit';
import { HttpError } from '../http/respond';
import { DUMMY_HASH, needsRehash, verifyPassword } from '../users/password';
import { findUserByEmail, normaliseEmail, toUser, upgradePasswordHash, type User } from '../users/users';
import { startSession } from './session';
import { admitSignIn, recordSuccess } from './throttle';

const WRONG = 'The e-mail or password is incorrect.';

/**
 * Checks credentials under the throttle. Unknown, disabled and wrong-password accounts get
 * the same answer in about the same time, so the answer never tells whether an account exists.
 */
export async function signIn(input: { email: string; password: string }, address: string): Promise<User> {
  const conn = await db();
  const email = normaliseEmail(input.email);
  const admission = await admitSignIn(conn, email, address);
  if ('refusedForMs' in admission) {
    const seconds = Math.ceil(admission.refusedForMs / 1000);
    await recordAudit(conn, {
      user: null,
      triedEmail: email,
      operation: 'auth.sign_in',
      targetType: 'user',
      targetId: email,
      outcome: 'failure',
      status: 429,
      errorCode: 'SIGN_IN_THROTTLED',
      details: { address },
    });
    throw new HttpError(
      429,
      'SIGN_IN_THROTTLED',
      `Too many sign-in attempts from your network. Try again in ${seconds} second(s).`,
      [],
      { 'Retry-After': String(seconds) },
    );
  }
  // The wait is the throttle: every attempt beyond the allowance is slowed, none is locked out.
  if (admission.waitMs > 0) await sleep(admission.waitMs);
  const row = await findUserByEmail(conn, email);
  const ok = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !ok || row.disabled === 1) {
    await recordAudit(conn, {
      user: null,
      triedEmail: email,
      operation: 'auth.sign_in',
      targetType: 'user',
      targetId: email,
      outcome: 'failure',
      status: 401,
      errorCode: 'INVALID_CREDENTIALS',
      details: { address },
    });
    throw new HttpError(401, 'INVALID_CREDENTIALS', WRONG);
  }
  await recordSuccess(conn, email, address);
  if (needsRehash(row.password_hash)) await upgradePasswordHash(conn, row.id, row.password_hash, input.password);
  const user = toUser(row);
  await startSession(user);
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

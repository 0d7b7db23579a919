import 'server-only';
import { db } from '../db';
import { ConsoleError } from '../errors';
import { publicUser } from './public-user';
import { findUser, updateUser as writeUser } from './users';

export interface ResetUserPasswordOptions {
  /** the admin making the change */
  actorId: string;
  userId: string;
  password: string;
}

/** An admin sets another account's password; its sessions end at once (as on disabling). */
export async function resetUserPassword({ actorId, userId, password }: ResetUserPasswordOptions) {
  // Resetting one's own password here would sign oneself out mid-task; `npm run user` does it.
  if (userId === actorId) throw new ConsoleError(409, 'SELF_RESET', 'Reset the password of another account; change your own with `npm run user`.');
  const conn = await db();
  // A provider's account signs in at the provider: a password here would open a second way in.
  if ((await findUser(conn, userId))?.origin === 'oidc')
    throw new ConsoleError(409, 'PROVIDER_ACCOUNT', 'This account signs in with the identity provider and has no password in Signdesk.');
  const updated = await writeUser(conn, userId, { password });
  if (!updated) throw new ConsoleError(404, 'NOT_FOUND', 'No such user.');
  return publicUser(updated);
}

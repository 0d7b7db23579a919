import 'server-only';
import type { Role } from '@/lib/roles';
import { db } from '../db';
import { ConsoleError } from '../errors';
import { publicUser } from './public-user';
import { findUser, updateUser as writeUser } from './users';

export interface UpdateUserOptions {
  /** the admin making the change */
  actorId: string;
  userId: string;
  change: { roles?: Role[]; disabled?: boolean };
}

/** Sets an account's roles or disables/enables it (disabling ends its sessions at once); no admin locks themself out. */
export async function updateUser({ actorId, userId, change }: UpdateUserOptions) {
  if (userId === actorId && (change.disabled || (change.roles && !change.roles.includes('admin')))) {
    throw new ConsoleError(409, 'SELF_LOCKOUT', 'You cannot disable your own account or remove your own admin role.');
  }
  const conn = await db();
  // A provider's account takes its roles from the provider's groups at every sign-in: set here, they would not last.
  if (change.roles && (await findUser(conn, userId))?.origin === 'oidc') {
    throw new ConsoleError(
      409,
      'ROLES_FROM_PROVIDER',
      'This account’s roles come from its groups at the identity provider: change its groups there, and they apply at its next sign-in.',
    );
  }
  const updated = await writeUser(conn, userId, change);
  if (!updated) throw new ConsoleError(404, 'NOT_FOUND', 'No such user.');
  return publicUser(updated);
}

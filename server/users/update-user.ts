import 'server-only';
import type { Role } from '@/lib/roles';
import { db } from '../db';
import { ConsoleError } from '../errors';
import { publicUser } from './public-user';
import { updateUser as writeUser } from './users';

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
  const updated = await writeUser(await db(), userId, change);
  if (!updated) throw new ConsoleError(404, 'NOT_FOUND', 'No such user.');
  return publicUser(updated);
}

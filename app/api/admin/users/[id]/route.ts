import { z } from 'zod';
import { updateUserSchema } from '@/lib/schemas/admin';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { HttpError } from '@/server/http/respond';
import { publicUser } from '@/server/users/public-user';
import { updateUser } from '@/server/users/users';

// PATCH: sets roles or disables/enables an account; disabling ends its sessions at once.
export const PATCH = handler(
  {
    permission: 'users:admin',
    params: z.object({ id: z.string().regex(/^usr_[A-Za-z0-9_-]{6,40}$/, 'not a user id') }),
    body: updateUserSchema,
    audit: { operation: 'user.update', targetType: 'user', target: (p) => p.id, details: (b) => ({ ...b }) },
  },
  async ({ params, body, user }) => {
    if (params.id === user.id && (body.disabled || (body.roles && !body.roles.includes('admin')))) {
      throw new HttpError(409, 'SELF_LOCKOUT', 'You cannot disable your own account or remove your own admin role.');
    }
    const updated = await updateUser(await db(), params.id, body);
    if (!updated) throw new HttpError(404, 'NOT_FOUND', 'No such user.');
    return publicUser(updated);
  },
);

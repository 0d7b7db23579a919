import { z } from 'zod';
import { updateUserSchema } from '@/lib/admin/schemas';
import { handler } from '@/server/http/handler';
import { updateUser } from '@/server/users/update-user';

// PATCH: sets roles or disables/enables an account; disabling ends its sessions at once.
export const PATCH = handler(
  {
    permission: 'users:admin',
    params: z.object({ id: z.string().regex(/^usr_[A-Za-z0-9_-]{6,40}$/, 'not a user id') }),
    body: updateUserSchema,
    audit: { operation: 'user.update', targetType: 'user', target: (p) => p.id, details: (b) => ({ ...b }) },
  },
  ({ params, body, user }) => updateUser({ actorId: user.id, userId: params.id, change: body }),
);

import { z } from 'zod';
import { updateUserSchema } from '@/lib/admin/schemas';
import { handler } from '@/server/http/handler';
import { updateUser } from '@/server/users/update-user';
import { userChanges } from '@/server/users/user-changes';

// PATCH: sets roles or disables/enables an account; disabling ends its sessions at once. Each
// change is its own audit entry (user.roles_change, user.disable, user.enable; see user-changes.ts).
export const PATCH = handler(
  {
    permission: 'users:admin',
    params: z.object({ id: z.string().regex(/^usr_[A-Za-z0-9_-]{6,40}$/, 'not a user id') }),
    body: updateUserSchema,
    audit: { changes: userChanges, targetType: 'user', target: (p) => p.id },
  },
  ({ params, body, user }) => updateUser({ actorId: user.id, userId: params.id, change: body }),
);

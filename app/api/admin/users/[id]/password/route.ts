import { z } from 'zod';
import { passwordResetSchema } from '@/lib/admin/schemas';
import { handler } from '@/server/http/handler';
import { resetUserPassword } from '@/server/users/reset-user-password';

// POST: an admin sets a new password for another account; its sessions end at once (as on
// disabling). The audit entry names the account only: the password is never recorded.
export const POST = handler(
  {
    permission: 'users:admin',
    params: z.object({ id: z.string().regex(/^usr_[A-Za-z0-9_-]{6,40}$/, 'not a user id') }),
    body: passwordResetSchema,
    audit: { operation: 'user.password_reset', targetType: 'user', target: (p) => p.id },
  },
  ({ params, body, user }) => resetUserPassword({ actorId: user.id, userId: params.id, password: body.password }),
);

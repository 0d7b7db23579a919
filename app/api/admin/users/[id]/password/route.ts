import { z } from 'zod';
import { passwordResetSchema } from '@/lib/schemas/admin';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { HttpError } from '@/server/http/respond';
import { publicUser } from '@/server/users/public-user';
import { updateUser } from '@/server/users/users';

// POST: an admin sets a new password for another account; its sessions end at once (as on
// disabling). The audit entry names the account only: the password is never recorded.
export const POST = handler(
  {
    permission: 'users:admin',
    params: z.object({ id: z.string().regex(/^usr_[A-Za-z0-9_-]{6,40}$/, 'not a user id') }),
    body: passwordResetSchema,
    audit: { operation: 'user.password_reset', targetType: 'user', target: (p) => p.id },
  },
  async ({ params, body, user }) => {
    // Resetting one's own password here would sign oneself out mid-task; `npm run user` does it.
    if (params.id === user.id) throw new HttpError(409, 'SELF_RESET', 'Reset the password of another account; change your own with `npm run user`.');
    const updated = await updateUser(await db(), params.id, { password: body.password });
    if (!updated) throw new HttpError(404, 'NOT_FOUND', 'No such user.');
    return publicUser(updated);
  },
);

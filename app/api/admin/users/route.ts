import { newUserSchema } from '@/lib/admin/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { ConsoleError } from '@/server/errors';
import { publicUser } from '@/server/users/public-user';
import { EmailTakenError, createUser, listUsers } from '@/server/users/users';

// GET: every account (admins).
export const GET = handler({ permission: 'users:admin' }, async () => ({ data: (await listUsers(await db())).map(publicUser) }));

// POST: adds an account with roles.
export const POST = handler(
  {
    permission: 'users:admin',
    body: newUserSchema,
    audit: { operation: 'user.create', targetType: 'user', target: (_p, b) => b.email.trim().toLowerCase(), details: (b) => ({ roles: b.roles }) },
  },
  async ({ body }) => {
    try {
      return publicUser(await createUser(await db(), body));
    } catch (err) {
      if (err instanceof EmailTakenError) throw new ConsoleError(409, 'EMAIL_TAKEN', err.message, [{ path: 'email', message: 'already has an account' }]);
      throw err;
    }
  },
);

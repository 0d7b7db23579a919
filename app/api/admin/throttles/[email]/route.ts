import { z } from 'zod';
import { signInSchema } from '@/lib/auth/schemas';
import { db } from '@/server/db';
import { liftThrottle } from '@/server/auth/throttle-admin';
import { handler } from '@/server/http/handler';
import { normaliseEmail } from '@/server/users/users';

// DELETE: lifts an account's sign-in throttle, audited under the account's address. Lifting
// one that has already ended (another admin, its window) answers lifted: false, not an error.
export const DELETE = handler(
  {
    permission: 'users:admin',
    params: z.object({ email: signInSchema.shape.email }),
    audit: { operation: 'auth.throttle_lift', targetType: 'user', target: (p) => normaliseEmail(p.email) },
  },
  async ({ params }) => {
    const email = normaliseEmail(params.email);
    return { email, lifted: (await liftThrottle(await db(), email)) > 0 };
  },
);

import { signInSchema } from '@/lib/schemas/auth';
import { clientAddress } from '@/server/auth/request-info';
import { signIn } from '@/server/auth/sign-in';
import { HttpError } from '@/server/http/respond';
import { publicHandler } from '@/server/http/public-handler';
import { publicUser } from '@/server/users/public-user';

// POST: checks e-mail and password under the throttle and seals a new session cookie.
export const POST = publicHandler(async (req) => {
  const body: unknown = await req.json().catch(() => undefined);
  const parsed = signInSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new HttpError(422, 'VALIDATION_FAILED', 'Enter your e-mail and password.', details);
  }
  const user = await signIn(parsed.data, clientAddress(req.headers));
  return Response.json({ user: publicUser(user) }, { headers: { 'cache-control': 'no-store' } });
});

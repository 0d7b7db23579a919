import { signInSchema } from '@/lib/auth/schemas';
import { deviceCookieName } from '@/server/auth/device-cookie';
import { clientAddress, isSecureContext } from '@/server/auth/request-info';
import { signIn } from '@/server/auth/sign-in';
import { ConsoleError } from '@/server/errors';
import { publicHandler } from '@/server/http/public-handler';
import { readJsonBody } from '@/server/http/read-json';
import { publicUser } from '@/server/users/public-user';

const SIGN_IN_BODY_LIMIT = 4 * 1024;

// POST: checks e-mail and password under the throttle and seals a new session cookie.
export const POST = publicHandler(async (req) => {
  // Credentials are a few hundred bytes: a larger body is refused before it is read whole.
  const body = await readJsonBody(req, SIGN_IN_BODY_LIMIT);
  const parsed = signInSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new ConsoleError(422, 'VALIDATION_FAILED', 'Enter your e-mail and password.', details);
  }
  const secure = isSecureContext(req.headers);
  const user = await signIn(parsed.data, {
    address: clientAddress(req.headers),
    deviceCookie: req.cookies.get(deviceCookieName(secure))?.value,
    secure,
  });
  return Response.json({ user: publicUser(user) }, { headers: { 'cache-control': 'no-store' } });
});

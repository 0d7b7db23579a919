import { clientAddress, isSecureContext } from '@/server/auth/request-info';
import { finishSignIn } from '@/server/auth/oidc/finish-sign-in';
import { flowCookieName, flowSetCookie } from '@/server/auth/oidc/flow-cookie';
import { signInRedirect } from '@/server/auth/oidc/sign-in-redirect';
import { ConsoleError } from '@/server/errors';
import { publicHandler } from '@/server/http/public-handler';

// GET: the provider's redirect back, at the exact redirect URL registered. The flow cookie goes
// whatever the outcome, so a code can be tried once; a refusal lands on the sign-in page with
// its reason and no session.
export const GET = publicHandler(async (req) => {
  const secure = isSecureContext(req.headers);
  const clear = { 'set-cookie': flowSetCookie(null, secure) };
  try {
    const { next } = await finishSignIn({
      query: req.nextUrl.searchParams,
      flowCookie: req.cookies.get(flowCookieName(secure))?.value,
      address: clientAddress(req.headers),
    });
    const res = new Response(null, { status: 302, headers: { location: next, 'cache-control': 'no-store' } });
    res.headers.append('set-cookie', clear['set-cookie']);
    return res;
  } catch (err) {
    if (err instanceof ConsoleError) return signInRedirect(err.code, clear);
    throw err;
  }
});

import { isSecureContext } from '@/server/auth/request-info';
import { flowSetCookie } from '@/server/auth/oidc/flow-cookie';
import { signInRedirect } from '@/server/auth/oidc/sign-in-redirect';
import { startSignIn } from '@/server/auth/oidc/start-sign-in';
import { ConsoleError } from '@/server/errors';
import { publicHandler } from '@/server/http/public-handler';

// GET: sends the browser to the identity provider (a link, never a cross-origin form post, so
// the page's CSP holds), with the flow its callback needs sealed in a cookie for that path alone.
export const GET = publicHandler(async (req) => {
  try {
    const { url, flow } = await startSignIn({ next: req.nextUrl.searchParams.get('next') });
    return new Response(null, {
      status: 302,
      headers: {
        location: url.href,
        'cache-control': 'no-store',
        'set-cookie': flowSetCookie(flow, isSecureContext(req.headers)),
      },
    });
  } catch (err) {
    if (err instanceof ConsoleError) return signInRedirect(err.code);
    throw err;
  }
});

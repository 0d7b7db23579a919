import { NextResponse, type NextRequest } from 'next/server';
import { createNonce, HSTS, pageCsp, servedOverHttps } from '@/lib/security/csp';
import { AREA_HOMES } from '@/lib/area-homes';

// Every page (sign-in included) gets a Content-Security-Policy with a fresh nonce. The policy
// also goes on the request, where Next reads the nonce back and puts it on the scripts it
// renders (pages render per request: see app/layout.tsx). Route handlers and static files
// get their fixed policy from next.config.ts instead.
//
// Convenience only: a browser without any session cookie goes straight to sign-in and comes
// back afterwards. The real checks are in the pages and route handlers.
export function proxy(req: NextRequest) {
  const nonce = createNonce();
  const csp = pageCsp(nonce, { dev: process.env.NODE_ENV === 'development' });
  const home = AREA_HOMES[req.nextUrl.pathname];
  const res = needsSignIn(req) ? toSignIn(req) : home ? toAreaHome(req, home) : withPolicy(req, nonce, csp);
  res.headers.set('Content-Security-Policy', csp);
  if (servedOverHttps({ protocol: req.nextUrl.protocol, headers: req.headers }))
    res.headers.set('Strict-Transport-Security', HSTS);
  return res;
}

function needsSignIn(req: NextRequest) {
  if (req.nextUrl.pathname.startsWith('/sign-in')) return false;
  // An unsubscribe link works without signing in: its token is its authority (issue 37).
  if (req.nextUrl.pathname.startsWith('/unsubscribe/')) return false;
  return !req.cookies.has('signdesk') && !req.cookies.has('__Host-signdesk');
}

function toSignIn(req: NextRequest) {
  const url = req.nextUrl.clone();
  url.pathname = '/sign-in';
  url.search = `?next=${encodeURIComponent(`${req.nextUrl.pathname}${req.nextUrl.search}`)}`;
  return NextResponse.redirect(url);
}

function toAreaHome(req: NextRequest, pathname: string) {
  const url = req.nextUrl.clone();
  url.pathname = pathname;
  return NextResponse.redirect(url);
}

function withPolicy(req: NextRequest, nonce: string, csp: string) {
  const headers = new Headers(req.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  return NextResponse.next({ request: { headers } });
}

// /api/ stays outside: Next cuts request bodies that pass through here at 10 MB, and uploads
// stream up to 25 MB (DESIGN.md section 7). Next's chunks and public/ files are outside too.
// Keep this list and the static sources in next.config.ts two halves of one whole.
export const config = {
  matcher: ['/((?!api/|_next/|pdfjs/|favicon\\.ico$|icon\\.svg$|pdf\\.worker\\.min\\.mjs$).*)'],
};

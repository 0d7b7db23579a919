import { NextResponse, type NextRequest } from 'next/server';

// Convenience only: a browser without any session cookie goes straight to sign-in and comes
// back afterwards. The real checks are in the pages and route handlers; /api (and so the
// upload route, whose body must not pass through here) is outside the matcher.
export function proxy(req: NextRequest) {
  const hasCookie = req.cookies.has('signdesk') || req.cookies.has('__Host-signdesk');
  if (hasCookie) return NextResponse.next();
  const url = req.nextUrl.clone();
  url.pathname = '/sign-in';
  url.search = `?next=${encodeURIComponent(`${req.nextUrl.pathname}${req.nextUrl.search}`)}`;
  return NextResponse.redirect(url);
}

export const config = {
  matcher: ['/((?!api/|_next/|sign-in|favicon.ico|pdf.worker).*)'],
};

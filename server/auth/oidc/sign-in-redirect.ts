import 'server-only';

/** Back to the sign-in page with what went wrong, by code only: the page words it (never text from a URL). */
export function signInRedirect(code: string, headers: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 302,
    headers: { location: `/sign-in?error=${encodeURIComponent(code)}`, 'cache-control': 'no-store', ...headers },
  });
}

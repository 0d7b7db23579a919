import 'server-only';

type HeaderSource = { get(name: string): string | null };

const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

/** Plain HTTP is tolerated only on localhost; everywhere else cookies are Secure. */
export function isSecureContext(headers: HeaderSource): boolean {
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const host = headers.get('host') ?? '';
  return proto === 'https' || !LOCAL.test(host);
}

/**
 * The caller's address: the last x-forwarded-for entry, which the nearest proxy (or Next
 * itself) appended and a client cannot forge.
 */
export function clientAddress(headers: HeaderSource): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  return last || 'unknown';
}

/** Mutations must come from this console's own pages: same-origin fetch metadata and Origin. */
export function isSameOrigin(headers: HeaderSource): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  const origin = headers.get('origin');
  if (!origin || origin === 'null') return false;
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

import 'server-only';
import { CLIENT_ADDRESS_HEADER } from '@/server/edge/forwarded';
import { REQUEST_ORIGIN_HEADER } from '@/server/edge/public-origin';

type HeaderSource = { get(name: string): string | null };

const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

/** Plain HTTP is tolerated only on localhost; everywhere else cookies are Secure. */
export function isSecureContext(headers: HeaderSource): boolean {
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const host = headers.get('host') ?? '';
  return proto === 'https' || !LOCAL.test(host);
}

/**
 * The caller's address as the console's own server decided it from the socket and
 * TRUSTED_PROXIES (scripts/console-server.ts); never a header the client wrote. Served by
 * anything else (plain `next start`), every caller is "unknown" rather than who they claim.
 */
export function clientAddress(headers: HeaderSource): string {
  return headers.get(CLIENT_ADDRESS_HEADER) || 'unknown';
}

/**
 * Mutations must come from this console's own pages: same-origin fetch metadata, and an Origin
 * equal to the console's own, scheme and port included (an https page is another origin than
 * the http console). The console's server says which origin that is (REQUEST_ORIGIN_HEADER);
 * served by anything else, it is the scheme a trusted proxy forwarded (else http) and the Host.
 */
export function isSameOrigin(headers: HeaderSource): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  const origin = headers.get('origin');
  if (!origin || origin === 'null') return false;
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  const expected = headers.get(REQUEST_ORIGIN_HEADER) ?? `${proto}://${headers.get('x-forwarded-host') ?? headers.get('host')}`;
  try {
    return new URL(origin).origin === new URL(expected).origin;
  } catch {
    return false;
  }
}

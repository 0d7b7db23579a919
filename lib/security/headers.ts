import { STATIC_CSP } from './csp.ts';

/** The headers every answer carries (next.config.ts), pages and files alike. */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/**
 * What the console's own server writes before Next sees a request (a wrong Host, a body past
 * its deadline, too many connections): the same headers, with the policy of answers that are
 * not pages.
 */
export const EDGE_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(SECURITY_HEADERS.map((h) => [h.key, h.value])),
  'Content-Security-Policy': STATIC_CSP,
  'Cache-Control': 'no-store',
};

import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Whether an Authorization header carries the metrics token. Compared as digests of equal
 * length in constant time, so neither the token's length nor its first differing character
 * shows in how long a refusal takes.
 */
export function bearerMatches(header: string | null, token: string): boolean {
  const given = BEARER.exec(header ?? '')?.[1];
  const same = timingSafeEqual(digest(given ?? ''), digest(token));
  return given !== undefined && same;
}

import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// The token of an unsubscribe link (issue 37): who, which kind, which channel, and the version of
// that preference it was made for, signed with an HMAC whose key is derived from the session
// password (no new secret, and none in the mail). Nobody can make one for another person or kind,
// and once the preference changes (this link used, or the page saved) the version no longer
// matches: the link works once.

export interface UnsubscribeClaim {
  userId: string;
  /** a notification kind, or DIGEST_KIND: the daily digest as a whole */
  kind: string;
  channel: 'email';
  version: number;
}

/** The kind of a link that turns the whole daily digest off. */
export const DIGEST_KIND = '*digest';

const MAX_TOKEN = 600;
const claimSchema = z.tuple([
  z.string().min(1).max(100),
  z.string().min(1).max(100),
  z.literal('email'),
  z.number().int().min(0).max(1e9),
]);

// A key for this purpose alone: a MAC made here is no session seal or device cookie, and back.
const mac = (secret: string, body: string) => createHmac('sha256', `signdesk unsubscribe\n${secret}`).update(body).digest();

export function signUnsubscribeToken(claim: UnsubscribeClaim, secret: string): string {
  const body = Buffer.from(JSON.stringify([claim.userId, claim.kind, claim.channel, claim.version])).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The claim of a token one of `secrets` signed (any configured session password: a rotation keeps links working), or null. */
export function readUnsubscribeToken(token: string, secrets: readonly string[]): UnsubscribeClaim | null {
  if (token.length > MAX_TOKEN) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [body, sig] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(sig)) return null;
  const given = Buffer.from(sig, 'base64url');
  const signed = secrets.some((secret) => {
    const expected = mac(secret, body);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = claimSchema.safeParse(json);
  if (!parsed.success) return null;
  const [userId, kind, channel, version] = parsed.data;
  return { userId, kind, channel, version };
}

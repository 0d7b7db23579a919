import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { env } from '../env';
import { digestSettingsOf, preferenceOf } from './preferences';
import { DIGEST_KIND, signUnsubscribeToken } from './unsubscribe-token';

// Where a mail's unsubscribe links go. The page (GET, a confirmation with a button: mail scanners
// open links, and a GET must change nothing) and the one-click address (POST, RFC 8058: the
// mail provider's unsubscribe button posts `List-Unsubscribe=One-Click` there, without a session
// or an Origin) take the same token.

export interface UnsubscribeLink {
  /** the confirmation page, for the link in the mail */
  page: string;
  /** List-Unsubscribe and List-Unsubscribe-Post */
  headers: Record<string, string>;
}

/** The key unsubscribe links are signed with: derived from the first session password (unsubscribe-token.ts). */
export const signingSecret = () => env().SESSION_PASSWORD[0]!.secret;
/** Every configured session password verifies a link: a rotation keeps links in old mails working. */
export const verifyingSecrets = () => env().SESSION_PASSWORD.map((k) => k.secret);

export function unsubscribeLink(publicUrl: string, token: string): UnsubscribeLink {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    page: `${base}/unsubscribe/${token}`,
    headers: {
      'List-Unsubscribe': `<${base}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The link that stops `kind` by e-mail for `userId`, made for the preference as it stands now. */
export async function kindUnsubscribe(db: Kysely<Database>, userId: string, kind: string, publicUrl: string, secret: string) {
  const { version } = await preferenceOf(db, userId, kind, 'email');
  return unsubscribeLink(publicUrl, signUnsubscribeToken({ userId, kind, channel: 'email', version }, secret));
}

/** The link that stops the daily digest as a whole for `userId`. */
export async function digestUnsubscribe(db: Kysely<Database>, userId: string, publicUrl: string, secret: string) {
  const { digest_version } = await digestSettingsOf(db, userId);
  return unsubscribeLink(
    publicUrl,
    signUnsubscribeToken({ userId, kind: DIGEST_KIND, channel: 'email', version: digest_version }, secret),
  );
}

import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '@/lib/roles';
import type { Database } from '../../db/schema';
import { ConsoleError } from '../../errors';
import { normaliseEmail, toUser } from '../../users/users';

/** What the provider said of the person signing in, checked by openid-client. */
export interface ProviderIdentity {
  /** `issuer|sub`: the provider's own, stable name for the person */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  roles: Role[];
}

/** No password opens a provider account: verifyPassword refuses anything but a scrypt hash. */
const NO_PASSWORD = 'oidc$no-password';

/**
 * The account the provider's person signs in as: found by subject, else by a verified e-mail
 * (a local account of that address becomes theirs), else created. Its name, e-mail and roles
 * are brought to what the provider says at every sign-in. Answers the account and its roles
 * before, so a change can be audited.
 */
export async function providerAccount(db: Kysely<Database>, who: ProviderIdentity, now = new Date()) {
  const at = now.toISOString();
  const email = normaliseEmail(who.email);
  const roles = who.roles.join(',');
  const bySubject = await db.selectFrom('users').selectAll().where('oidc_subject', '=', who.subject).executeTakeFirst();
  const byEmail = bySubject ?? (await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst());
  if (byEmail && !bySubject && (byEmail.oidc_subject !== null || !who.emailVerified)) {
    throw new ConsoleError(
      409,
      'OIDC_EMAIL_IN_USE',
      `A Signdesk account for ${email} exists already and the provider does not vouch for this address as yours. Ask a Signdesk admin.`,
    );
  }
  if (byEmail) {
    if (byEmail.disabled === 1)
      throw new ConsoleError(
        403,
        'ACCOUNT_DISABLED',
        'This account is disabled in Signdesk. Ask a Signdesk admin (Admin → Users) to enable it again.',
      );
    // Another account may hold the provider's new address: the sign-in says so rather than fail on the index.
    if (email !== byEmail.email) {
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .where('id', '!=', byEmail.id)
        .executeTakeFirst();
      if (taken)
        throw new ConsoleError(
          409,
          'OIDC_EMAIL_IN_USE',
          `Another Signdesk account already has the address ${email}. Ask a Signdesk admin.`,
        );
    }
    await db
      .updateTable('users')
      .set({ email, name: who.name, roles, origin: 'oidc', oidc_subject: who.subject, last_sign_in_at: at, updated_at: at })
      .where('id', '=', byEmail.id)
      .execute();
    const row = await db.selectFrom('users').selectAll().where('id', '=', byEmail.id).executeTakeFirstOrThrow();
    return { user: toUser(row), rolesBefore: toUser(byEmail).roles, created: false };
  }
  const row = {
    id: `usr_${randomBytes(9).toString('base64url')}`,
    email,
    name: who.name,
    password_hash: NO_PASSWORD,
    roles,
    disabled: 0,
    session_version: 1,
    created_at: at,
    updated_at: at,
    origin: 'oidc',
    oidc_subject: who.subject,
    last_sign_in_at: at,
  };
  await db.insertInto('users').values(row).execute();
  return { user: toUser(row), rolesBefore: [] as Role[], created: true };
}

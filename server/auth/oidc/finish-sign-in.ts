import 'server-only';
import * as client from 'openid-client';
import { applyProviderTeams } from '../../teams/provider-teams';
import { claimAt, groupsIn, rolesFromGroups } from '@/lib/auth/role-map';
import { recordAudit } from '../../audit';
import { db } from '../../db';
import { ConsoleError } from '../../errors';
import { logger } from '../../logger';
import { startSession } from '../session';
import { openFlow } from './flow-cookie';
import { providerAccount } from './provider-account';
import { providerConfig } from './provider';

export interface FinishSignInOptions {
  /** the callback's own query (code, state, iss or error), read against the registered redirect URL */
  query: URLSearchParams;
  /** the sealed flow its start left in the browser */
  flowCookie: string | undefined;
  address: string;
}

const refusal = (status: number, code: string, message: string) => new ConsoleError(status, code, message);

/**
 * What openid-client found wrong, for the log and the audit entry: its code, the OAuth error,
 * and the check that failed (oauth4webapi's own message, which openid-client keeps as the cause).
 */
function whyRefused(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown';
  const e = err as Error & { code?: unknown; error?: unknown };
  const cause = e.cause instanceof Error ? e.cause.message : null;
  return [e.code, e.error, e.message, cause]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(': ')
    .slice(0, 300);
}

/**
 * Completes a provider sign-in: the flow its start sealed, the code exchanged with PKCE, the ID
 * token checked (issuer, audience, signature, expiry, nonce: openid-client), the roles from the
 * mapped groups, the account brought up to date, and a session. Every refusal is audited.
 */
export async function finishSignIn({ query, flowCookie, address }: FinishSignInOptions): Promise<{ next: string }> {
  const conn = await db();
  const { settings, config } = await providerConfig();
  const audit = (
    outcome: 'success' | 'failure',
    status: number,
    details: Record<string, unknown>,
    user: Awaited<ReturnType<typeof providerAccount>>['user'] | null = null,
    errorCode?: string,
  ) =>
    recordAudit(conn, {
      user,
      triedEmail: typeof details.email === 'string' ? details.email : undefined,
      operation: 'auth.oidc_sign_in',
      targetType: 'user',
      targetId: user?.id ?? (typeof details.email === 'string' ? details.email : null),
      outcome,
      status,
      errorCode,
      details: { address, issuer: settings.issuer, ...details },
    });
  const refuse = async (err: ConsoleError, details: Record<string, unknown> = {}) => {
    await audit('failure', err.status, details, null, err.code);
    return err;
  };

  const flow = await openFlow(flowCookie);
  if (!flow)
    throw await refuse(
      refusal(400, 'OIDC_FLOW_MISSING', 'This sign-in was not started here, has run out or was used already. Start again.'),
    );
  if (query.has('error')) {
    throw await refuse(
      refusal(401, 'OIDC_PROVIDER_REFUSED', `The identity provider did not sign you in (${query.get('error')}).`),
      {
        provider_error: query.get('error'),
      },
    );
  }
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, new URL(`${settings.redirectUri}?${query.toString()}`), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = (tokens.claims() ?? {}) as Record<string, unknown>;
  } catch (err) {
    // Why in the log and the audit entry; the browser learns only that it was refused.
    logger().warn({ err }, 'identity provider sign-in refused');
    throw await refuse(
      refusal(401, 'OIDC_RESPONSE_INVALID', 'The identity provider’s answer could not be verified. Start again.'),
      {
        reason: whyRefused(err),
      },
    );
  }
  const email = typeof claims.email === 'string' ? claims.email : '';
  const groups = groupsIn(claimAt(claims, settings.groupsClaim));
  const { roles, mappedGroups } = rolesFromGroups(groups, settings.roleMap);
  if (!email)
    throw await refuse(
      refusal(401, 'OIDC_EMAIL_MISSING', 'The identity provider gave no e-mail address; Signdesk needs one (scope “email”).'),
      { groups },
    );
  if (roles.length === 0) {
    throw await refuse(
      refusal(
        403,
        'OIDC_NO_ROLE',
        'Your account at the identity provider is in no group that gives a Signdesk role. Ask a Signdesk admin to add you to one.',
      ),
      { email, groups },
    );
  }
  let account: Awaited<ReturnType<typeof providerAccount>>;
  try {
    account = await providerAccount(conn, {
      subject: `${String(claims.iss)}|${String(claims.sub)}`,
      email,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email,
      roles,
    });
  } catch (err) {
    if (err instanceof ConsoleError) throw await refuse(err, { email, groups });
    throw err;
  }
  const { user, rolesBefore, created } = account;
  // Teams fed by the provider's groups follow them at every sign-in, before the session starts.
  const teams = settings.teamMap ? await applyProviderTeams(conn, user.id, groups, settings.teamMap) : null;
  await startSession(user);
  await audit('success', 200, { email, groups, mapped_groups: mappedGroups, roles, created }, user);
  if (rolesBefore.join(',') !== roles.join(',') && !created) {
    await recordAudit(conn, {
      user,
      operation: 'user.roles_change',
      targetType: 'user',
      targetId: user.id,
      outcome: 'success',
      status: 200,
      details: { from: rolesBefore, to: roles, groups, by: 'identity provider' },
    });
  }
  // One entry per team whose membership moved, each carrying its team: the audit log filters by team.
  const [firstChange, ...moreChanges] = teams?.changed ?? [];
  if (firstChange) {
    const entryOf = (c: typeof firstChange) => ({
      user,
      operation: 'team.members_sync',
      targetType: 'user',
      targetId: user.id,
      outcome: 'success' as const,
      status: 200,
      teamId: c.teamId,
      details: { [c.change]: [c.name], groups, by: 'identity provider' },
    });
    await recordAudit(conn, entryOf(firstChange), ...moreChanges.map(entryOf));
  }
  return { next: flow.next };
}

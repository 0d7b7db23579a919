import { sealData } from 'iron-session';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@/server/env';
import { freePort } from '../support/test-stack';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { callbackAnswer, throughProvider, throughProviderFrom } from '../support/oidc-sign-in';
import { forgeIdToken, strangerKey, type Signer } from '../support/forge-id-token';
import { CONSOLE_PORTS, startTestConsole, type TestConsole } from './harness';
import { auditOf } from './console-fixtures';

// Sign-in with the company's identity provider (issue 25) against a real OpenID Provider on
// loopback: accounts made and kept up to date from the provider's claims, roles from its
// groups only, and every way a callback can be forged or replayed refused with no session.

let c: TestConsole;
let idp: TestProvider;
let consoleUrl: string;

beforeAll(async () => {
  const consolePort = await freePort(CONSOLE_PORTS);
  consoleUrl = `http://127.0.0.1:${consolePort}`;
  idp = await startTestProvider({
    port: await freePort(),
    redirectUri: `${consoleUrl}/api/auth/oidc/callback`,
    postLogoutRedirectUri: `${consoleUrl}/sign-in?signed_out=1`,
  });
  c = await startTestConsole({
    port: consolePort,
    env: {
      CONSOLE_PUBLIC_URL: consoleUrl,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_ROLE_MAP: 'signdesk-admins=admin,signdesk-senders=sender,signdesk-ops=operator',
      OIDC_PROVIDER_NAME: 'Acme SSO',
    },
  });
});
afterAll(async () => {
  await c?.close();
  await idp?.close();
});

const me = async (cookie: string | null) => (await c.call('GET', '/api/auth/me', { cookie })).body;
/** Why the latest refused provider sign-in was refused, as the audit log keeps it. */
const lastRefusalReason = async () => {
  const entry = (await auditOf(c, 'auth.oidc_sign_in')).find((e) => e.outcome === 'failure');
  return String(JSON.parse(entry?.details ?? '{}').reason ?? '');
};
const person = (id: string, groups: string[], email = `${id}@acme.test`) =>
  idp.people.set(id, { email, name: `Person ${id}`, groups });

async function signIn(id: string, next?: string) {
  const { callback, consoleJar } = await throughProvider(consoleUrl, id, next);
  return callbackAnswer(callback, consoleJar);
}

describe('signing in through the provider', () => {
  it('makes the account at the first sign-in, with the roles of its mapped groups only', async () => {
    person('ada', ['signdesk-senders', 'signdesk-ops', 'everyone']);
    const answer = await signIn('ada', '/packages/bulk');
    expect(answer).toMatchObject({ status: 302, location: '/packages/bulk' });
    const who = await me(answer.cookie);
    expect(who.user).toMatchObject({ email: 'ada@acme.test', name: 'Person ada', roles: ['operator', 'sender'] });
    const [entry] = await auditOf(c, 'auth.oidc_sign_in');
    expect(entry).toMatchObject({ outcome: 'success', user_email: 'ada@acme.test' });
    expect(JSON.parse(entry!.details ?? '{}')).toMatchObject({
      groups: ['signdesk-senders', 'signdesk-ops', 'everyone'],
      mapped_groups: ['signdesk-senders', 'signdesk-ops'],
      roles: ['operator', 'sender'],
      created: true,
    });
  });

  it('brings roles, name and e-mail to what the provider says at the next sign-in, and audits the role change', async () => {
    person('grace', ['signdesk-senders']);
    await signIn('grace');
    idp.people.set('grace', { email: 'grace.hopper@acme.test', name: 'Grace Hopper', groups: ['signdesk-admins'] });
    const answer = await signIn('grace');
    expect((await me(answer.cookie)).user).toMatchObject({
      email: 'grace.hopper@acme.test',
      name: 'Grace Hopper',
      roles: ['admin'],
    });
    const change = (await auditOf(c, 'user.roles_change')).find((e) => e.user_email === 'grace.hopper@acme.test');
    expect(JSON.parse(change!.details ?? '{}')).toMatchObject({
      from: ['sender'],
      to: ['admin'],
      groups: ['signdesk-admins'],
      by: 'identity provider',
    });
  });

  it('shows a provider’s account as such on the Users page, its roles and password not the admin’s to set', async () => {
    person('hedy', ['signdesk-ops']);
    await signIn('hedy');
    const users = (await c.call('GET', '/api/admin/users', { cookie: c.cookies.admin })).body.data as {
      id: string;
      email: string;
      origin: string;
      last_sign_in_at: string | null;
    }[];
    const hedy = users.find((u) => u.email === 'hedy@acme.test')!;
    expect(hedy).toMatchObject({ origin: 'oidc', last_sign_in_at: expect.any(String) });
    expect(users.find((u) => u.email === 'admin@test.local')).toMatchObject({
      origin: 'local',
      last_sign_in_at: expect.any(String),
    });
    const roles = await c.call('PATCH', `/api/admin/users/${hedy.id}`, { cookie: c.cookies.admin, body: { roles: ['admin'] } });
    expect(roles.status).toBe(409);
    expect(roles.body.error.code).toBe('ROLES_FROM_PROVIDER');
    const reset = await c.call('POST', `/api/admin/users/${hedy.id}/password`, {
      cookie: c.cookies.admin,
      body: { password: 'a-long-new-password-123' },
    });
    expect(reset.body.error?.code).toBe('PROVIDER_ACCOUNT');
    // Nor does any password open it at the console's own sign-in.
    expect((await c.signIn('hedy@acme.test', 'anything-at-all-123')).reply.status).toBe(401);
  });

  it('refuses a person whose groups map to no role, with no session and the reason audited', async () => {
    person('nobody', ['everyone', 'Signdesk-Admins']);
    const answer = await signIn('nobody');
    expect(answer).toEqual({ status: 302, location: '/sign-in?error=OIDC_NO_ROLE', cookie: null });
    const entry = (await auditOf(c, 'auth.oidc_sign_in')).find((e) => e.user_email === 'nobody@acme.test');
    expect(entry).toMatchObject({ outcome: 'failure', error_code: 'OIDC_NO_ROLE' });
    // With the groups that gave nothing (a map's names are matched exactly, case included).
    expect(JSON.parse(entry!.details ?? '{}')).toMatchObject({ groups: ['everyone', 'Signdesk-Admins'] });
  });

  it('keeps an account disabled in Signdesk refused, whatever the provider says', async () => {
    person('mallory', ['signdesk-admins']);
    const first = await signIn('mallory');
    const id = (await me(first.cookie)).user.id as string;
    expect((await c.call('PATCH', `/api/admin/users/${id}`, { cookie: c.cookies.admin, body: { disabled: true } })).status).toBe(
      200,
    );
    expect((await me(first.cookie)).user ?? null).toBeNull();
    expect(await signIn('mallory')).toEqual({ status: 302, location: '/sign-in?error=ACCOUNT_DISABLED', cookie: null });
  });
});

describe('signing out', () => {
  it('ends the console session and sends a provider’s account on to end the provider’s session, back to sign-in', async () => {
    person('linus', ['signdesk-ops']);
    const { cookie } = await signIn('linus');
    const out = await c.call('POST', '/api/auth/sign-out', { cookie });
    expect(out.status).toBe(200);
    const redirect = new URL(out.body.redirect as string);
    expect(redirect.origin).toBe(idp.issuer);
    expect(redirect.searchParams.get('client_id')).toBe(idp.clientId);
    expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe(`${consoleUrl}/sign-in?signed_out=1`);
    // The provider knows the address it is sent back to, and asks its user to confirm.
    expect((await fetch(redirect, { redirect: 'manual' })).status).toBe(200);
    expect((await me(cookie)).user ?? null).toBeNull();
  });

  it('signs a local account out of the console alone', async () => {
    const { cookie } = await c.signIn('operator@test.local');
    const out = await c.call('POST', '/api/auth/sign-out', { cookie });
    expect(out.body).toEqual({ signed_out: true });
  });
});

describe('forged and replayed callbacks', () => {
  it('refuses a callback without a start', async () => {
    person('eve', ['signdesk-senders']);
    const { callback } = await throughProvider(consoleUrl, 'eve');
    expect(await callbackAnswer(callback, new Map())).toEqual({
      status: 302,
      location: '/sign-in?error=OIDC_FLOW_MISSING',
      cookie: null,
    });
  });

  it('refuses a tampered state', async () => {
    person('eve', ['signdesk-senders']);
    const { callback, consoleJar } = await throughProvider(consoleUrl, 'eve');
    callback.searchParams.set('state', 'tampered-state-value');
    expect(await callbackAnswer(callback, consoleJar)).toEqual({
      status: 302,
      location: '/sign-in?error=OIDC_RESPONSE_INVALID',
      cookie: null,
    });
    expect(await lastRefusalReason()).toMatch(/state/i);
  });

  it('refuses a replayed code, even with the flow cookie kept', async () => {
    person('eve', ['signdesk-senders']);
    const { callback, consoleJar } = await throughProvider(consoleUrl, 'eve');
    const kept = new Map(consoleJar);
    expect((await callbackAnswer(callback, consoleJar)).cookie).not.toBeNull();
    expect(await callbackAnswer(callback, kept)).toEqual({
      status: 302,
      location: '/sign-in?error=OIDC_RESPONSE_INVALID',
      cookie: null,
    });
    expect(await lastRefusalReason()).toMatch(/invalid_grant/);
    // And without it, the flow is gone: the first callback cleared it.
    expect((await callbackAnswer(callback, consoleJar)).location).toBe('/sign-in?error=OIDC_FLOW_MISSING');
  });

  it('refuses an ID token whose nonce is not the one the flow sent', async () => {
    person('eve', ['signdesk-senders']);
    // A flow sealed as the console seals it, with the provider asked for another nonce.
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const [key] = parseEnv({
      SIGNING_API_BASE_URL: 'http://127.0.0.1:1',
      SIGNING_API_KEY: 'unused-key',
      SESSION_PASSWORD: c.sessionPassword,
    }).SESSION_PASSWORD;
    const flow = await sealData(
      { state, nonce: 'the-nonce-the-console-expects', verifier, next: '/' },
      { password: { [key!.id]: key!.secret }, ttl: 600 },
    );
    const config = await client.discovery(new URL(idp.issuer), idp.clientId, idp.clientSecret, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: `${consoleUrl}/api/auth/oidc/callback`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce: 'another-nonce',
    });
    const { callback } = await throughProviderFrom(authorize, 'eve');
    const jar = new Map([['signdesk-oidc', flow]]);
    expect(await callbackAnswer(callback, jar)).toEqual({
      status: 302,
      location: '/sign-in?error=OIDC_RESPONSE_INVALID',
      cookie: null,
    });
    expect(await lastRefusalReason()).toMatch(/nonce/i);
  });
});

describe('ID tokens the console must refuse', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const own = (): Signer => ({ key: idp.signingKey });
  // Each forged from the token the provider issued for this very flow (its nonce, its code).
  const forgeries: { name: string; claims?: () => Record<string, unknown>; signer: () => Signer; reason: RegExp }[] = [
    { name: 'another issuer', claims: () => ({ iss: 'http://127.0.0.1:9/another-issuer' }), signer: own, reason: /iss/i },
    { name: 'another audience', claims: () => ({ aud: 'another-client' }), signer: own, reason: /aud/i },
    { name: 'an expired token', claims: () => ({ iat: now() - 7_200, exp: now() - 3_600 }), signer: own, reason: /exp/i },
    { name: 'an unsigned token (alg: none)', signer: () => 'none', reason: /alg/i },
    {
      name: 'a token signed with a key the provider never published',
      signer: () => ({ key: strangerKey() }),
      reason: /signature/i,
    },
  ];

  afterAll(() => {
    idp.tamperIdToken = null;
  });

  it('accepts a token forged the same way but changed in nothing, so each refusal below is for its change alone', async () => {
    person('trent', ['signdesk-ops']);
    idp.tamperIdToken = (token) => forgeIdToken(token, { signer: own() });
    const answer = await signIn('trent');
    expect(answer).toMatchObject({ status: 302, location: '/' });
    expect((await me(answer.cookie)).user).toMatchObject({ email: 'trent@acme.test', roles: ['operator'] });
  });

  it.each(forgeries)('refuses $name, with no session and the reason audited', async ({ claims, signer, reason }) => {
    person('trudy', ['signdesk-admins']);
    idp.tamperIdToken = (token) => forgeIdToken(token, { claims: claims?.(), signer: signer() });
    expect(await signIn('trudy')).toEqual({ status: 302, location: '/sign-in?error=OIDC_RESPONSE_INVALID', cookie: null });
    expect(await lastRefusalReason()).toMatch(reason);
  });
});

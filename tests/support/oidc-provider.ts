import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

// A real OpenID Provider on loopback (the `oidc-provider` package), configured by the tests with
// its people and their groups: Signdesk's sign-in is proven against the protocol itself, not a
// mock of it. Its development login form takes any account id (the password is not checked),
// and consent is given on the person's behalf, as a company's provider does for its own apps.

export interface ProviderPerson {
  email: string;
  name: string;
  groups: string[];
  emailVerified?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, ProviderPerson>;
  provider: Provider;
  /** the key the provider signs ID tokens with (RS256, kid `KEY_ID`), so a test can forge one it would */
  signingKey: KeyObject;
  /**
   * Rewrites the ID token of the token endpoint's next answers while set: a provider (or a
   * network) that hands the console a token it must refuse.
   */
  tamperIdToken: ((idToken: string) => string) | null;
  close(): Promise<void>;
}

export const KEY_ID = 'signdesk-tests-key';

export interface TestProviderOptions {
  port: number;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** extra settings of the provider (a short ID token lifetime, say) */
  config?: Partial<Configuration>;
}

export async function startTestProvider({
  port,
  redirectUri,
  postLogoutRedirectUri,
  config = {},
}: TestProviderOptions): Promise<TestProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'signdesk-tests';
  const clientSecret = 'signdesk-tests-client-secret-0123456789abcdef';
  const people = new Map<string, ProviderPerson>();
  const { privateKey: signingKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: KEY_ID, use: 'sig', alg: 'RS256' }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: person.email,
            email_verified: person.emailVerified ?? true,
            name: person.name,
            groups: person.groups,
          };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The scopes' claims in the ID token itself, as most company providers put groups there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['signdesk-tests-provider-cookie-key'] },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ...config,
  });
  provider.use(async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (
      ctx.path === '/token' &&
      test.tamperIdToken &&
      body &&
      typeof body === 'object' &&
      'id_token' in body &&
      typeof body.id_token === 'string'
    )
      body.id_token = test.tamperIdToken(body.id_token);
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // Read by the middleware above at each token answer, never before this is set.
  const test: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    people,
    provider,
    signingKey,
    tamperIdToken: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return test;
}

import 'server-only';
import * as client from 'openid-client';
import { env, type OidcSettings } from '../../env';
import { ConsoleError } from '../../errors';

// The identity provider as its discovery document describes it, read once per process (and
// again after a failure): endpoints, signing keys (fetched, cached and refetched for an unknown
// key id by openid-client).

const isLoopback = (url: string) => /^http:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/.test(url);

let cached: { settings: OidcSettings; config: Promise<client.Configuration> } | null = null;

/** The provider's configuration for this console's client; refused with 503 when it cannot be read. */
export async function providerConfig(): Promise<{ settings: OidcSettings; config: client.Configuration }> {
  const settings = oidcSettings();
  if (!cached || cached.settings !== settings) {
    const config = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
      {
        // The ID token's signature is checked against the provider's published keys too. The
        // spec lets a client trust TLS alone for a token fetched from the token endpoint, but a
        // forged or unsigned token must never make a session, whatever sits between (issue 25).
        // Plain HTTP only for a provider on this machine (tests, a local Keycloak), as for the API.
        execute: isLoopback(settings.issuer)
          ? [client.enableNonRepudiationChecks, client.allowInsecureRequests]
          : [client.enableNonRepudiationChecks],
        timeout: 10,
      },
    );
    cached = { settings, config };
    // A failed discovery is tried again at the next sign-in, not remembered.
    config.catch(() => {
      if (cached?.config === config) cached = null;
    });
  }
  try {
    return { settings, config: await cached.config };
  } catch {
    throw new ConsoleError(
      503,
      'IDENTITY_PROVIDER_UNAVAILABLE',
      'The identity provider could not be reached. Try again in a minute; if it persists, tell an administrator.',
    );
  }
}

/** The provider's settings; refused with 404 when sign-in with a provider is not configured. */
export function oidcSettings(): OidcSettings {
  const settings = env().oidc;
  if (!settings) throw new ConsoleError(404, 'OIDC_NOT_CONFIGURED', 'Sign-in with an identity provider is not configured here.');
  return settings;
}

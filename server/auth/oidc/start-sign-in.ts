import 'server-only';
import * as client from 'openid-client';
import { safeRedirectPath } from '@/lib/security/safe-redirect';
import { providerConfig } from './provider';
import { sealFlow } from './flow-cookie';

/**
 * The provider's authorization URL for a code flow with PKCE, state and nonce, and the sealed
 * flow its callback will need. `next` is followed after sign-in only when it is a console path.
 */
export async function startSignIn({ next }: { next: string | null }): Promise<{ url: URL; flow: string }> {
  // Any origin works as the base: only a path of this console survives the comparison.
  const landing = safeRedirectPath(next, 'http://console.invalid');
  const { settings, config } = await providerConfig();
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: settings.redirectUri,
    scope: settings.scopes.join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, flow: await sealFlow({ state, nonce, verifier, next: landing }) };
}

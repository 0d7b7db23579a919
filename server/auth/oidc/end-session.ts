import 'server-only';
import * as client from 'openid-client';
import { env } from '../../env';
import { logger } from '../../logger';
import { providerConfig } from './provider';

/**
 * Where the browser goes to end the provider's session too (RP-initiated logout), coming back
 * to the sign-in page; null when the provider offers no end-session endpoint or cannot be read
 * (the console's own session is ended either way).
 */
export async function providerSignOutUrl(): Promise<string | null> {
  const e = env();
  if (!e.oidc || !e.CONSOLE_PUBLIC_URL) return null;
  try {
    const { settings, config } = await providerConfig();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      client_id: settings.clientId,
      post_logout_redirect_uri: `${e.CONSOLE_PUBLIC_URL.replace(/\/+$/, '')}/sign-in?signed_out=1`,
    }).href;
  } catch (err) {
    logger().warn({ err }, 'the identity provider’s sign-out address could not be made');
    return null;
  }
}

import 'server-only';
import { open, seal } from '../session-keys';

// What the start of a provider sign-in must hand its callback, kept in the browser but sealed
// with the session password, so only this console can read or forge it. It lasts ten minutes,
// is sent only to the callback's path, and goes once read: a replayed callback finds none.

export const FLOW_TTL_S = 600;
export const FLOW_PATH = '/api/auth/oidc';
export const flowCookieName = (secure: boolean) => (secure ? '__Secure-signdesk-oidc' : 'signdesk-oidc');

export interface SignInFlow {
  state: string;
  nonce: string;
  verifier: string;
  /** where to go once signed in: a console path */
  next: string;
}

export const sealFlow = (flow: SignInFlow) => seal(flow, FLOW_TTL_S);

export async function openFlow(sealed: string | undefined): Promise<SignInFlow | null> {
  if (!sealed) return null;
  const flow = await open<SignInFlow>(sealed, FLOW_TTL_S);
  return flow.state && flow.nonce && flow.verifier && typeof flow.next === 'string' ? (flow as SignInFlow) : null;
}

/**
 * The Set-Cookie of the flow (or, with no value, the one that clears it). Lax: the provider's
 * redirect back is a top-level GET from another site, which Lax lets through; the path keeps it
 * off every other request.
 */
export function flowSetCookie(value: string | null, secure: boolean): string {
  const parts = [
    `${flowCookieName(secure)}=${value ?? ''}`,
    `Path=${FLOW_PATH}`,
    `Max-Age=${value === null ? 0 : FLOW_TTL_S}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  return parts.join('; ');
}

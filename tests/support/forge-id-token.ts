import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

// ID tokens a provider must never hand out, made from one it did: claims changed and signed
// again with the provider's own key (a token that verifies but says the wrong thing), signed
// with a key the provider never published, or not signed at all (`alg: none`).

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

export type Signer = { key: KeyObject } | 'none';

export function forgeIdToken(idToken: string, change: { claims?: Record<string, unknown>; signer: Signer }): string {
  const [headerPart, payloadPart] = idToken.split('.');
  const header = decode(headerPart!);
  const payload = { ...decode(payloadPart!), ...change.claims };
  if (change.signer === 'none') return `${b64url({ ...header, alg: 'none' })}.${b64url(payload)}.`;
  const input = `${b64url(header)}.${b64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(change.signer.key).toString('base64url');
  return `${input}.${signature}`;
}

/** A key of the right kind that the provider never published. */
export const strangerKey = (): KeyObject => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

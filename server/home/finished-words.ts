import 'server-only';
import type { SignaturePackage } from '@/lib/packages/schemas';

type Signer = SignaturePackage['signers'][number];
const names = (signers: Signer[]) =>
  signers
    .map((s) => s.name)
    .filter(Boolean)
    .join(', ');
const signed = (s: Signer) => s.status === 'signed' || Boolean(s.signed_at);
const declined = (s: Signer) => s.status === 'declined' || Boolean(s.declined_at);

/**
 * What a finished package's row says of its signers: each signer of a completed one, only the one
 * who declined a declined one (never everyone, as if all had), those still unsigned of an expired one.
 */
export function finishedDetail(p: Pick<SignaturePackage, 'status' | 'signers' | 'decline_reason'>): string {
  if (p.status === 'completed') {
    const all = names(p.signers);
    return `${all ? `${all}: ` : ''}every signer has signed.`;
  }
  if (p.status === 'declined') {
    const who = names(p.signers.filter(declined));
    return `${who || 'A signer'} declined${p.decline_reason ? ` (${p.decline_reason})` : ''}.`;
  }
  const unsigned = names(p.signers.filter((s) => !signed(s)));
  return unsigned ? `Expired before ${unsigned} had signed.` : 'Expired before every signer had signed.';
}

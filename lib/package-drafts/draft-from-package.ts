import type { SignaturePackage } from '../packages/schemas.ts';
import type { CreateDraftInput } from './schemas.ts';

/**
 * "Use as a new package": the package's template, values and recipients as a new draft. The
 * expiry is left for the sender to choose again (a new package starts its own clock), and
 * whatever the record does not carry (a phone the API did not echo) stays empty to fill in.
 */
export function draftFromPackage(pkg: SignaturePackage): CreateDraftInput | null {
  if (!pkg.template_id) return null;
  const sender_values = Object.fromEntries(
    Object.entries(pkg.sender_values ?? {})
      .filter(([, v]) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
      .map(([k, v]) => [k, String(v)]),
  );
  const signers = pkg.signers
    // A recipient with no slot cannot be placed on the template's form.
    .filter((s): s is typeof s & { slot_id: string } => typeof s.slot_id === 'string' && s.slot_id !== '')
    .map((s) => ({ slot_id: s.slot_id, name: s.name ?? '', email: s.email ?? '', phone: s.phone ?? '' }));
  return {
    template_id: pkg.template_id,
    ...(pkg.template_name ? { template_name: pkg.template_name } : {}),
    values: { sender_values, signers, expires_in_days: '' },
    source_package_id: pkg.id,
  };
}

import type { SignaturePackage } from '../packages/schemas.ts';
import type { CreateDraftInput } from './schemas.ts';

/**
 * "Use as a new package": the package's template, values, recipients and expiry (as many days
 * from the new send) as the send form's start. Whatever the record does not carry (a phone the
 * API did not echo) stays empty to fill in.
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
    values: { sender_values, signers, expires_in_days: expiryOf(pkg) },
    source_package_id: pkg.id,
  };
}

/** The package's expiry in days, when the send form can take it (1 to 365). */
function expiryOf(pkg: SignaturePackage): string {
  const days = pkg.expires_in_days;
  return typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 365 ? String(days) : '';
}

import type { SignaturePackage } from '@/lib/packages/schemas';
import { LinkButton } from '../ui/link-button';

/**
 * "Use as a new package": the send form, started from this package's template, values,
 * recipients and expiry. Nothing is saved by looking: a draft is made only when the sender
 * saves one (or the package is sent).
 */
export function UseAsNewPackage({ pkg }: { pkg: SignaturePackage }) {
  if (!pkg.template_id) return null;
  return (
    <LinkButton href={`/packages/new?from=${encodeURIComponent(pkg.id)}`} variant="secondary">
      Use as a new package
    </LinkButton>
  );
}

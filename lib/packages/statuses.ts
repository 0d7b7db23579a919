// Outside lib/packages/schemas.ts (zod) so that the packages pages can name them without
// bringing zod into the browser's first load.
import type { SignaturePackage } from './schemas.ts';

export const PACKAGE_STATUSES = ['queued', 'delivered', 'completed', 'declined', 'expired'] as const;

/** Statuses after which nothing more happens to a package: it may be archived, and views stop asking. */
export const PACKAGE_TERMINAL: readonly string[] = ['completed', 'declined', 'expired'];

export const isTerminal = (status: string) => PACKAGE_TERMINAL.includes(status);

export const isPackageFinished = (pkg: Pick<SignaturePackage, 'status' | 'archived'>) => Boolean(pkg.archived) || isTerminal(pkg.status);

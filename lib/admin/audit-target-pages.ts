import type { Route } from 'next';
import { CATALOG_KIND_INFO, CATALOG_KINDS, catalogListHref } from '../catalog/kinds.ts';

// The console's page for each kind of audit target that has one, so the id in the log opens the
// record. Users have no page of their own (the log names the account instead), drafts are
// their owner's alone, and the sandbox is not a record. The catalog's kinds name their own
// targets (lib/catalog/kinds.ts).
const PAGES: Readonly<Record<string, string>> = {
  signature_package: '/packages',
  approval_request: '/approvals',
  document: '/documents',
  ...Object.fromEntries(
    CATALOG_KINDS.flatMap((kind) => CATALOG_KIND_INFO[kind].auditTargets.map((type) => [type, catalogListHref(kind)])),
  ),
};

/** The page of a target, or null when its kind has none. */
export const targetPage = (type: string, id: string): Route | null =>
  Object.hasOwn(PAGES, type) ? (`${PAGES[type]}/${encodeURIComponent(id)}` as Route) : null;

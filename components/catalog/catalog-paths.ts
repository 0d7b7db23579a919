import type { Route } from 'next';
import type { CatalogKind } from '@/lib/catalog/queries';

/** Singular nouns and list titles per collection, for headings, breadcrumbs and messages. */
export const CATALOG_NOUNS: Record<CatalogKind, { one: string; many: string }> = {
  categories: { one: 'Category', many: 'Categories' },
  'request-templates': { one: 'Request template', many: 'Request templates' },
  'approval-workflows': { one: 'Approval workflow', many: 'Approval workflows' },
  'request-forms': { one: 'Request form', many: 'Request forms' },
  'document-sign-templates': { one: 'Document-sign template', many: 'Document-sign templates' },
};

export const catalogListHref = (kind: CatalogKind) => `/catalog/${kind}` as Route;

export const catalogItemHref = (kind: CatalogKind, id: string) => `/catalog/${kind}/${encodeURIComponent(id)}` as Route;

import { SectionTabs } from '../ui/section-tabs';

const TABS = [
  { href: '/catalog/categories', label: 'Categories' },
  { href: '/catalog/request-templates', label: 'Request templates' },
  { href: '/catalog/approval-workflows', label: 'Approval workflows' },
  { href: '/catalog/request-forms', label: 'Request forms' },
  { href: '/catalog/document-sign-templates', label: 'Document-sign templates' },
] as const;

/** The Catalog area's sub-navigation: one tab per kind of catalog record. */
export function CatalogTabs() {
  return <SectionTabs label="Catalog" tabs={TABS} />;
}

import { CATALOG_KIND_INFO, CATALOG_KINDS, catalogListHref } from '@/lib/catalog/kinds';
import { SectionTabs } from '../ui/section-tabs';

const TABS = CATALOG_KINDS.map((kind) => ({ href: catalogListHref(kind), label: CATALOG_KIND_INFO[kind].many }));

/** The Catalog area's sub-navigation: one tab per kind of catalog record. */
export function CatalogTabs() {
  return <SectionTabs label="Catalog" tabs={TABS} />;
}

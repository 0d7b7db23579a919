import { SectionTabs } from '../ui/section-tabs';

const TABS = [
  { href: '/packages', label: 'Sent packages', exact: true },
  { href: '/packages/drafts', label: 'Drafts' },
  { href: '/packages/bulk', label: 'Bulk sends' },
  { href: '/packages/recipients', label: 'Recipients' },
] as const;

/** The packages area's sub-navigation, for those who may send (drafts are theirs alone). */
export function PackagesTabs() {
  return <SectionTabs label="Package views" tabs={TABS} />;
}

import { SectionTabs } from '../ui/section-tabs';

const TABS = [
  { href: '/approvals', label: 'Requests', exact: true },
  { href: '/approvals/drafts', label: 'Drafts' },
] as const;

/** The approvals area's sub-navigation, for those who may submit (drafts are theirs alone). */
export function ApprovalsTabs() {
  return <SectionTabs label="Approval views" tabs={TABS} />;
}

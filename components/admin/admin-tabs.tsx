import { SectionTabs } from '../ui/section-tabs';

const TABS = [
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/teams', label: 'Teams' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/jobs', label: 'Background work' },
] as const;

/** The Admin area's sub-navigation; the Sandbox tab exists only on the embedded sandbox. */
export function AdminTabs({ sandbox }: { sandbox: boolean }) {
  return <SectionTabs label="Admin" tabs={sandbox ? [...TABS, { href: '/admin/sandbox', label: 'Sandbox' }] : TABS} />;
}

// The screens the guides show (docs/using/), each made by npm run docs:screenshots and checked
// to load without an error by e2e/docs-screens.spec.ts. A guide names a screenshot as
// ../../public/docs/screenshots/<name>.png.
import type { Role } from '../lib/roles.ts';

export interface DocsScreen {
  name: string;
  /** signed in as this role; null for the sign-in page */
  role: Role | null;
  path: string;
  /** text the finished screen shows, waited for before the picture is taken */
  ready: string;
}

export const DOCS_SCREENS: DocsScreen[] = [
  { name: 'sign-in', role: null, path: '/sign-in', ready: 'Sign in to Signdesk' },
  { name: 'home', role: 'sender', path: '/', ready: 'Home' },
  { name: 'packages-new', role: 'sender', path: '/packages/new', ready: 'Send a package' },
  { name: 'packages-list', role: 'sender', path: '/packages', ready: 'Packages' },
  { name: 'bulk-new', role: 'sender', path: '/packages/bulk/new?template=dst_nda', ready: 'One package per spreadsheet row' },
  { name: 'recipients', role: 'sender', path: '/packages/recipients', ready: 'Recipients' },
  { name: 'approvals-new', role: 'operator', path: '/approvals/new', ready: 'New approval request' },
  { name: 'approvals-list', role: 'operator', path: '/approvals', ready: 'Approval requests' },
  { name: 'catalog-workflows', role: 'operator', path: '/catalog/approval-workflows', ready: 'Approval workflows' },
  { name: 'documents', role: 'operator', path: '/documents', ready: 'Documents' },
  { name: 'admin-users', role: 'admin', path: '/admin/users', ready: 'Console accounts and their roles' },
  { name: 'admin-audit', role: 'admin', path: '/admin/audit', ready: 'Who did what through the console' },
  { name: 'admin-jobs', role: 'admin', path: '/admin/jobs', ready: 'What the console does on its own' },
  { name: 'admin-sandbox', role: 'admin', path: '/admin/sandbox', ready: 'Play the world an API key cannot reach' },
];

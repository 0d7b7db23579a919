// Roles and what each may do; shared by the server's checks and the navigation, which
// shows only the areas a user's roles open.
export const ROLES = ['viewer', 'operator', 'sender', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = {
  read: ['viewer', 'operator', 'sender', 'admin'],
  'documents:read': ['viewer', 'operator', 'admin'],
  'packages:read': ['viewer', 'sender', 'admin'],
  'approvals:read': ['viewer', 'operator', 'admin'],
  // Insights: whoever reads packages or requests; each sees the figures of what they read.
  'insights:read': ['viewer', 'operator', 'sender', 'admin'],
  'documents:write': ['operator', 'admin'],
  'approvals:write': ['operator', 'admin'],
  'packages:send': ['sender', 'admin'],
  // Archiving (of packages too) is an admin's housekeeping, as DESIGN.md section 5 assigns it.
  'packages:archive': ['admin'],
  'catalog:admin': ['admin'],
  'users:admin': ['admin'],
  'audit:read': ['admin'],
  // Admin → Background work: the job queues, and retrying a failed job.
  'jobs:admin': ['admin'],
  'sandbox:control': ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export const can = (roles: readonly Role[], permission: Permission) =>
  roles.some((r) => (PERMISSIONS[permission] as readonly Role[]).includes(r));

export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer — reads catalogs, documents, packages and requests',
  operator: 'Operator — uploads documents, lays out fields, submits approval requests',
  sender: 'Sender — previews and sends signature packages',
  admin: 'Admin — everything, plus categories, archiving, users and the audit log',
};

/** The console's areas, each shown to the roles that may read it. */
export const AREAS = [
  { key: 'home', label: 'Home', href: '/', permission: 'read' },
  { key: 'catalog', label: 'Catalog', href: '/catalog', permission: 'read' },
  { key: 'documents', label: 'Documents', href: '/documents', permission: 'documents:read' },
  { key: 'packages', label: 'Packages', href: '/packages', permission: 'packages:read' },
  { key: 'approvals', label: 'Approvals', href: '/approvals', permission: 'approvals:read' },
  { key: 'insights', label: 'Insights', href: '/insights', permission: 'insights:read' },
  { key: 'admin', label: 'Admin', href: '/admin', permission: 'catalog:admin' },
] as const satisfies readonly { key: string; label: string; href: string; permission: Permission }[];
export type Area = (typeof AREAS)[number]['key'];

// Outside lib/admin/schemas.ts (zod) so that the admin pages' queries can name them without
// bringing zod into the browser's first load.
export const AUDIT_OUTCOMES = ['success', 'failure', 'unknown'] as const;

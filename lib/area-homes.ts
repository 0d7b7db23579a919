import type { Route } from 'next';

/**
 * An area's own address opens its first section. proxy.ts answers these with a real 307 (the
 * areas have a loading.tsx, under which a page's redirect() would stream as a 200); the pages
 * redirect the same way for the typed routes.
 */
export const AREA_HOMES: Record<string, Route> = { '/catalog': '/catalog/categories', '/admin': '/admin/users' as Route };

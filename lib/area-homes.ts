import type { Route } from 'next';
import { CATALOG_KINDS, catalogListHref } from './catalog/kinds.ts';

/**
 * An area's own address opens its first section. proxy.ts answers these with a real 307 (the
 * areas have a loading.tsx, under which a page's redirect() would stream as a 200); the pages
 * redirect the same way for the typed routes.
 */
export const AREA_HOMES: Record<string, Route> = {
  '/catalog': catalogListHref(CATALOG_KINDS[0]!),
  '/admin': '/admin/users' as Route,
};

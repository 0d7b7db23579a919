import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { Route } from 'next';
import { approvalsListQuery } from '../approval-requests/queries.ts';
import { CATALOG_KIND_INFO, CATALOG_KINDS, catalogListHref, type CatalogKind } from '../catalog/kinds.ts';
import { catalogListQuery } from '../catalog/queries.ts';
import { documentListQuery } from '../documents/queries.ts';
import type { Page } from '../list/schemas.ts';
import { packagesListQuery } from '../packages/queries.ts';
import type { Permission } from '../roles.ts';
import { hitOf, SEARCH_KIND_IDS, type SearchHit, type SearchKindId } from './hits.ts';

// What the header's search finds: one entry per kind of record, each asking its own list
// route's `q` with the same query options (and so the same cache) as that kind's list page.
// Loaded with the search's panel only (components/search/search-panel.tsx).

export type { SearchHit, SearchKindId };
export { hitOf };

export interface SearchKind {
  id: SearchKindId;
  /** the group's heading */
  label: string;
  permission: Permission;
  /** the kind's list page, filtered by the same text */
  listHref: (q: string) => Route;
  /** the list page's own query for this text: its first page of 25 */
  query: (q: string) => SearchQuery;
}

/** A kind's list query, its key and fetch unchanged, typed alike so the kinds fit one list. */
export interface SearchQuery {
  queryKey: QueryKey;
  queryFn: QueryFunction<Page<unknown>>;
}

function searchable<T extends Page<unknown>, K extends QueryKey>(options: { queryKey: K; queryFn?: unknown }): SearchQuery {
  // Every list query has its queryFn; its context differs from QueryKey's only in the key's type.
  return { queryKey: options.queryKey, queryFn: options.queryFn as QueryFunction<T> };
}

/** The list pages' first page, as they ask for it, so a search and a list share their answers. */
const FIRST = { page: 1, size: 25 } as const;

const filtered = (base: string) => (q: string) => `${base}?q=${encodeURIComponent(q)}` as Route;

const catalogKind = (id: CatalogKind): SearchKind => ({
  id,
  label: CATALOG_KIND_INFO[id].many,
  permission: 'read',
  listHref: filtered(catalogListHref(id)),
  query: (q) => searchable(catalogListQuery(id, { ...FIRST, q })),
});

const KINDS: Record<SearchKindId, SearchKind> = {
  packages: {
    id: 'packages',
    label: 'Signature packages',
    permission: 'packages:read',
    listHref: filtered('/packages'),
    query: (q) => searchable(packagesListQuery({ ...FIRST, q })),
  },
  'approval-requests': {
    id: 'approval-requests',
    label: 'Approval requests',
    permission: 'approvals:read',
    listHref: filtered('/approvals'),
    query: (q) => searchable(approvalsListQuery({ ...FIRST, q })),
  },
  documents: {
    id: 'documents',
    label: 'Documents',
    permission: 'documents:read',
    listHref: filtered('/documents'),
    query: (q) => searchable(documentListQuery({ ...FIRST, q })),
  },
  ...(Object.fromEntries(CATALOG_KINDS.map((id) => [id, catalogKind(id)])) as Record<CatalogKind, SearchKind>),
};

/** In the order the results list them. */
export const SEARCH_KINDS: readonly SearchKind[] = SEARCH_KIND_IDS.map((id) => KINDS[id]);

/** A list answer's records as hits. */
export const hitsOf = (kind: SearchKindId, page: Page<unknown>): SearchHit[] =>
  (page.data as { id: string }[]).map((r) => hitOf(kind, r));

import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { Route } from 'next';
import { approvalsListQuery } from '../approval-requests/queries.ts';
import { catalogListQuery, type CatalogKind } from '../catalog/queries.ts';
import { documentListQuery } from '../documents/queries.ts';
import type { Page } from '../list/schemas.ts';
import { packagesListQuery } from '../packages/queries.ts';
import type { Permission } from '../roles.ts';
import { statusLabel } from '../status-labels.ts';

// What the header's search finds: one entry per kind of record, each asking its own list
// route's `q` with the same query options (and so the same cache) as that kind's list page.

export type SearchKindId = 'packages' | 'approval-requests' | 'documents' | CatalogKind;

export interface SearchHit {
  kind: SearchKindId;
  id: string;
  title: string;
  /** what tells two hits of one title apart: status, id, workflow */
  detail: string;
  href: Route;
}

export interface SearchKind {
  id: SearchKindId;
  /** the group's heading */
  label: string;
  permission: Permission;
  /** the kind's list page, filtered by the same text */
  listHref: (q: string) => Route;
  /** the list page's own query for this text: its first page of 25 */
  query: (q: string) => SearchQuery;
  /** a record of this kind, as its list or its own page read it */
  hit: (record: never) => SearchHit;
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

const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}` as Route;
const filtered = (base: string) => (q: string) => `${base}?q=${encodeURIComponent(q)}` as Route;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const detailOf = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ');

interface Named {
  id: string;
  name?: unknown;
  status?: unknown;
}

function catalogKind(id: CatalogKind, label: string): SearchKind {
  const base = `/catalog/${id}`;
  return {
    id,
    label,
    permission: 'read',
    listHref: filtered(base),
    query: (q) => searchable(catalogListQuery(id, { ...FIRST, q })),
    hit: (r: Named) => ({
      kind: id,
      id: r.id,
      title: text(r.name) ?? r.id,
      detail: detailOf(r.id, r.status === 'archived' ? 'archived' : undefined),
      href: at(base, r.id),
    }),
  };
}

/** In the order the results list them. */
export const SEARCH_KINDS: readonly SearchKind[] = [
  {
    id: 'packages',
    label: 'Signature packages',
    permission: 'packages:read',
    listHref: filtered('/packages'),
    query: (q) => searchable(packagesListQuery({ ...FIRST, q })),
    hit: (p: {
      id: string;
      status?: unknown;
      template_name?: unknown;
      template_id?: unknown;
      console_record?: { reference?: unknown } | null;
    }) => ({
      kind: 'packages',
      id: p.id,
      title: text(p.template_name) ?? text(p.template_id) ?? p.id,
      detail: detailOf(
        text(p.console_record?.reference),
        typeof p.status === 'string' ? statusLabel('package', p.status) : undefined,
        p.id,
      ),
      href: at('/packages', p.id),
    }),
  },
  {
    id: 'approval-requests',
    label: 'Approval requests',
    permission: 'approvals:read',
    listHref: filtered('/approvals'),
    query: (q) => searchable(approvalsListQuery({ ...FIRST, q })),
    hit: (r: { id: string; external_id?: unknown; status?: unknown; workflow_name?: unknown }) => ({
      kind: 'approval-requests',
      id: r.id,
      title: text(r.external_id) ?? r.id,
      detail: detailOf(text(r.workflow_name), typeof r.status === 'string' ? statusLabel('request', r.status) : undefined, r.id),
      href: at('/approvals', r.id),
    }),
  },
  {
    id: 'documents',
    label: 'Documents',
    permission: 'documents:read',
    listHref: filtered('/documents'),
    query: (q) => searchable(documentListQuery({ ...FIRST, q })),
    hit: (d: Named) => ({ kind: 'documents', id: d.id, title: text(d.name) ?? d.id, detail: d.id, href: at('/documents', d.id) }),
  },
  catalogKind('document-sign-templates', 'Document-sign templates'),
  catalogKind('approval-workflows', 'Approval workflows'),
  catalogKind('request-forms', 'Request forms'),
  catalogKind('request-templates', 'Request templates'),
  catalogKind('categories', 'Categories'),
];

/**
 * A record of `kind` as a search hit. List answers and record pages hold the API's records,
 * each with a string id (the schemas they were read with say so); the hit reads the rest tolerantly.
 */
export function hitOf(kind: SearchKindId, record: { id: string }): SearchHit {
  return (SEARCH_KINDS.find((k) => k.id === kind)!.hit as (r: { id: string }) => SearchHit)(record);
}

/** A list answer's records as hits. */
export const hitsOf = (kind: SearchKindId, page: Page<unknown>): SearchHit[] =>
  (page.data as { id: string }[]).map((r) => hitOf(kind, r));

import type { Route } from 'next';
import { CATALOG_KIND_INFO, CATALOG_KINDS, catalogItemHref, type CatalogKind } from '../catalog/kinds.ts';
import { statusLabel } from '../status-labels.ts';

// A record as the header's search lists it, built from what a list or a record's own page
// read. Apart from the kinds' queries (search-kinds.ts), so record pages can note what was
// opened without bringing every list's query into their code.

export type SearchKindId = 'packages' | 'approval-requests' | 'documents' | CatalogKind;

/** In the order the results list them: the catalog's kinds after the rest, by their search rank. */
export const SEARCH_KIND_IDS: readonly SearchKindId[] = [
  'packages',
  'approval-requests',
  'documents',
  ...[...CATALOG_KINDS].sort((a, b) => CATALOG_KIND_INFO[a].searchRank - CATALOG_KIND_INFO[b].searchRank),
];

export interface SearchHit {
  kind: SearchKindId;
  id: string;
  title: string;
  /** what tells two hits of one title apart: status, id, workflow */
  detail: string;
  href: Route;
}

const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}` as Route;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const detailOf = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ');

/** The fields a hit reads; every other is ignored, and these are read tolerantly. */
interface Listed {
  id: string;
  name?: unknown;
  status?: unknown;
  template_name?: unknown;
  template_id?: unknown;
  console_record?: { reference?: unknown } | null;
  external_id?: unknown;
  workflow_name?: unknown;
}

/** A record of `kind` as a search hit. */
export function hitOf(kind: SearchKindId, record: { id: string }): SearchHit {
  const r = record as Listed;
  const status = typeof r.status === 'string' ? r.status : undefined;
  switch (kind) {
    case 'packages':
      return {
        kind,
        id: r.id,
        title: text(r.template_name) ?? text(r.template_id) ?? r.id,
        detail: detailOf(text(r.console_record?.reference), status && statusLabel('package', status), r.id),
        href: at('/packages', r.id),
      };
    case 'approval-requests':
      return {
        kind,
        id: r.id,
        title: text(r.external_id) ?? r.id,
        detail: detailOf(text(r.workflow_name), status && statusLabel('request', status), r.id),
        href: at('/approvals', r.id),
      };
    case 'documents':
      return { kind, id: r.id, title: text(r.name) ?? r.id, detail: r.id, href: at('/documents', r.id) };
    default:
      return {
        kind,
        id: r.id,
        title: text(r.name) ?? r.id,
        detail: detailOf(r.id, status === 'archived' ? 'archived' : undefined),
        href: catalogItemHref(kind, r.id),
      };
  }
}

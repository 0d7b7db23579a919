import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiResponse, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { DocumentItem, LogicalPurpose } from './schemas.ts';
import type { Page } from '../list/schemas.ts';
import type { LayoutTemplate } from './layout-templates.ts';

export interface DocumentListArgs {
  page: number;
  size: number;
  q?: string;
  logical_purpose?: LogicalPurpose;
  /** an admin's team filter: a team's id, or none (documents of no team) */
  team?: string;
}

/** Query keys start with the resource, so a mutation invalidates every view of it. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (args: DocumentListArgs) => ['documents', 'list', args] as const,
  item: (id: string) => ['documents', 'item', id] as const,
};

export const documentListQuery = (args: DocumentListArgs) =>
  queryOptions({
    queryKey: documentKeys.list(args),
    queryFn: (ctx) => api<Page<DocumentItem>>(`/api/documents${qs({ ...args })}`, via(ctx)),
    placeholderData: keepPreviousData,
  });

/**
 * The app's attachments matching a search, a page of 25 at a time (a picker's "More results"):
 * the server searches and pages, so every document can be found, not only the newest.
 */
export const documentSearchQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['documents', 'list', 'search', q] as const,
    queryFn: (ctx) =>
      api<Page<DocumentItem>>(
        `/api/documents${qs({ page: ctx.pageParam, size: 25, q, logical_purpose: 'ATTACHMENT' })}`,
        via(ctx),
      ),
    initialPageParam: 1,
    getNextPageParam: ({ pagination: p }) => (p.page < p.pages ? p.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** The templates made from a document's layout, as their publish answered (never by name). */
export const layoutTemplatesQuery = (id: string) =>
  queryOptions({
    queryKey: [...documentKeys.item(id), 'templates'] as const,
    queryFn: (ctx) => api<{ data: LayoutTemplate[] }>(`/api/documents/${encodeURIComponent(id)}/templates`, via(ctx)),
  });

export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: documentKeys.item(id),
    queryFn: (ctx) => api<DocumentItem>(`/api/documents/${encodeURIComponent(id)}`, via(ctx)),
  });

/**
 * A document's PDF. A POST, because the console may have to open a viewing session on the
 * API to read it: a GET with a side effect could be triggered from another site.
 */
export async function fetchDocumentPdf(id: string, signal?: AbortSignal): Promise<Blob> {
  const res = await apiResponse(`/api/documents/${encodeURIComponent(id)}/content`, {
    method: 'POST',
    accept: 'application/pdf',
    signal,
  });
  return res.blob();
}

/** DELETE /api/documents/:id with a reason, under the Idempotency-Key of this deletion. */
export const deleteDocument = (id: string, reason: string, idempotencyKey: string) =>
  api<{ id: string; deleted: boolean }>(`/api/documents/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: { reason },
    idempotencyKey,
  });

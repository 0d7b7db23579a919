import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import type { Page } from '../list/schemas.ts';
import type { CreateDraftInput, PackageDraft, PackageDraftSummary, UpdateDraftInput } from './schemas.ts';

export const draftKeys = {
  all: ['package-drafts'] as const,
  lists: ['package-drafts', 'list'] as const,
  list: (args: { page: number; size: number }) => ['package-drafts', 'list', args] as const,
  item: (id: string) => ['package-drafts', 'item', id] as const,
};

const path = (id: string) => `/api/package-drafts/${encodeURIComponent(id)}`;

export const packageDraftsQuery = (args: { page: number; size: number }) =>
  queryOptions({
    queryKey: draftKeys.list(args),
    queryFn: ({ signal }) => api<Page<PackageDraftSummary>>(`/api/package-drafts${qs(args)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** One draft to resume. Read once per visit: the form, not the cache, holds it from then on. */
export const packageDraftQuery = (id: string) =>
  queryOptions({
    queryKey: draftKeys.item(id),
    queryFn: ({ signal }) => api<PackageDraft>(path(id), { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });

export const fetchPackageDraft = (id: string) => api<PackageDraft>(path(id));

/** `idempotencyKey` belongs to one Save click: sent again with it, the create answers the same draft. */
export const createPackageDraft = (input: CreateDraftInput, idempotencyKey: string) =>
  api<PackageDraft>('/api/package-drafts', { method: 'POST', body: input, idempotencyKey });

export const updatePackageDraft = (id: string, input: UpdateDraftInput) =>
  api<PackageDraft>(path(id), { method: 'PUT', body: input });

export const deletePackageDraft = (id: string) => api<{ id: string; deleted: true }>(path(id), { method: 'DELETE' });

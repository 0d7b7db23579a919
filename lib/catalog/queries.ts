import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { ReleaseSchema } from './schemas.ts';
import type { CatalogKind, CatalogTypes } from './kinds.ts';
import type { Page } from '../list/schemas.ts';

// The kinds are described once, in kinds.ts; these names stay for the code that reads them here.
export type { CatalogKind, CatalogTypes };

type ListArgs = { page: number; size: number; q?: string } & Record<string, string | number | undefined>;

/** Query keys start with the resource, so a mutation invalidates every view of it. */
export const catalogKeys = {
  all: (kind: CatalogKind) => ['catalog', kind] as const,
  list: (kind: CatalogKind, args: ListArgs) => ['catalog', kind, 'list', args] as const,
  item: (kind: CatalogKind, id: string) => ['catalog', kind, 'item', id] as const,
};

export const catalogListQuery = <K extends CatalogKind>(kind: K, args: ListArgs) =>
  queryOptions({
    queryKey: catalogKeys.list(kind, args),
    queryFn: (ctx) => api<Page<CatalogTypes[K]>>(`/api/${kind}${qs(args)}`, via(ctx)),
    placeholderData: keepPreviousData,
  });

export const catalogItemQuery = <K extends CatalogKind>(kind: K, id: string) =>
  queryOptions({
    queryKey: catalogKeys.item(kind, id),
    queryFn: (ctx) => api<CatalogTypes[K]>(`/api/${kind}/${encodeURIComponent(id)}`, via(ctx)),
  });

export const submissionSchemaQuery = (workflowId: string, release: number) =>
  queryOptions({
    queryKey: ['catalog', 'approval-workflows', 'schema', workflowId, release] as const,
    queryFn: (ctx) =>
      api<ReleaseSchema>(
        `/api/approval-workflows/${encodeURIComponent(workflowId)}/releases/${release}/submission-schema`,
        via(ctx),
      ),
    staleTime: 5 * 60_000,
  });

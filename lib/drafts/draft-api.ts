import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { Page } from '../list/schemas.ts';

/** What every kind of draft answers: an id, the version it is at, and when it was saved. */
export interface DraftLike {
  id: string;
  version: number;
  updated_at: string;
}

/**
 * One kind of draft's routes (`/api/<root>` and `/api/<root>/{id}`), its query keys and its
 * requests. The kinds differ in their bodies only; the rules (one user's each, versioned, one
 * create per key) are the same (server/drafts/).
 */
export function draftResource<Summary extends DraftLike, Draft extends Summary, Create, Update>(
  root: string,
  /** the intents' scope (lib/use-keyed-mutation.ts): the create's keys start with it */
  scope: string,
) {
  const keys = {
    all: [root] as const,
    lists: [root, 'list'] as const,
    list: (args: { page: number; size: number }) => [root, 'list', args] as const,
    item: (id: string) => [root, 'item', id] as const,
  };
  const path = (id: string) => `/api/${root}/${encodeURIComponent(id)}`;
  return {
    scope,
    keys,
    listQuery: (args: { page: number; size: number }) =>
      queryOptions({
        queryKey: keys.list(args),
        queryFn: (ctx) => api<Page<Summary>>(`/api/${root}${qs(args)}`, via(ctx)),
        placeholderData: keepPreviousData,
      }),
    /** One draft to resume. Read once per visit: the form, not the cache, holds it from then on. */
    itemQuery: (id: string) =>
      queryOptions({
        queryKey: keys.item(id),
        queryFn: (ctx) => api<Draft>(path(id), via(ctx)),
        staleTime: Infinity,
        gcTime: 0,
      }),
    fetch: (id: string) => api<Draft>(path(id)),
    /** `idempotencyKey` belongs to one Save click: sent again with it, the create answers the same draft. */
    create: (input: Create, idempotencyKey: string) =>
      api<Draft>(`/api/${root}`, { method: 'POST', body: input, idempotencyKey }),
    update: (id: string, input: Update) => api<Draft>(path(id), { method: 'PUT', body: input }),
    remove: (id: string) => api<{ id: string; deleted: true }>(path(id), { method: 'DELETE' }),
  };
}
export type DraftResource<S extends DraftLike, D extends S, C, U> = ReturnType<typeof draftResource<S, D, C, U>>;
/** What a list of drafts needs of its kind: reading pages and deleting, whatever the bodies. */
export type DraftLister<S extends DraftLike> = Pick<DraftResource<S, S, never, never>, 'scope' | 'keys' | 'listQuery' | 'remove'>;

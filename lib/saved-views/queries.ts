import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { SavedView, SaveViewInput } from './schemas.ts';

export const savedViewKeys = { all: ['saved-views'] as const };

export const savedViewsQuery = () =>
  queryOptions({
    queryKey: savedViewKeys.all,
    queryFn: (ctx) => api<{ data: SavedView[] }>('/api/saved-views', via(ctx)).then((r) => r.data),
  });

export const saveView = (input: SaveViewInput, idempotencyKey: string) =>
  api<SavedView>('/api/saved-views', { method: 'POST', body: input, idempotencyKey });

export const deleteView = (id: string, idempotencyKey: string) =>
  api<{ deleted: string }>(`/api/saved-views/${encodeURIComponent(id)}`, { method: 'DELETE', idempotencyKey });

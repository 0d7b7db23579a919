'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from '@/lib/queries/catalog';
import type { Category } from '@/lib/schemas/catalog';

export type ArchivableKind = 'categories' | 'approval-workflows' | 'request-forms';

/** POST /api/categories with the intent's Idempotency-Key; every category view refreshes after. */
export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: { name: string; description: string }; key: string }) =>
      api<Category & { request_form_created?: boolean }>('/api/categories', { method: 'POST', body: input, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: catalogKeys.all('categories') }),
  });
}

/** POST /api/<kind>/:id/archive with a reason; lists and the record itself refresh after. */
export function useArchive(kind: ArchivableKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, key }: { id: string; reason: string; key: string }) =>
      api<{ id: string; status: string }>(`/api/${kind}/${encodeURIComponent(id)}/archive`, { method: 'POST', body: { reason }, idempotencyKey: key }),
    onSettled: () => client.invalidateQueries({ queryKey: catalogKeys.all(kind) }),
  });
}

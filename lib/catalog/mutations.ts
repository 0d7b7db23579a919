'use client';

import type { FieldValues } from 'react-hook-form';
import { api } from '@/lib/api-client';
import type { ArchivableKind } from '@/lib/catalog/kinds';
import { catalogKeys } from '@/lib/catalog/queries';
import type { Category } from '@/lib/catalog/schemas';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation';

type CategoryInput = { name: string; description: string };
type CreatedCategory = Category & { request_form_created?: boolean };

/** POST /api/categories under the intent's Idempotency-Key; every category view refreshes after. */
export function useCreateCategory<F extends FieldValues = FieldValues>(
  handlers: KeyedMutationHandlers<CategoryInput, CreatedCategory, F> = {},
) {
  return useKeyedMutation({
    scope: 'category',
    request: (input: CategoryInput, { idempotencyKey }) =>
      api<CreatedCategory>('/api/categories', { method: 'POST', body: input, idempotencyKey }),
    invalidates: [catalogKeys.all('categories')],
    ...handlers,
  });
}

type ArchiveInput = { id: string; reason: string };

/** POST /api/<kind>/:id/archive with a reason; lists and the record itself refresh after. */
export function useArchive(
  kind: ArchivableKind,
  handlers: KeyedMutationHandlers<ArchiveInput, { id: string; status: string }> = {},
) {
  return useKeyedMutation({
    scope: `${kind}-archive`,
    request: ({ id, reason }: ArchiveInput, { idempotencyKey }) =>
      api<{ id: string; status: string }>(`/api/${kind}/${encodeURIComponent(id)}/archive`, {
        method: 'POST',
        body: { reason },
        idempotencyKey,
      }),
    // The reason as the API keeps it: surrounding spaces make no new intent.
    fingerprint: ({ id, reason }) => JSON.stringify({ id, reason: reason.trim() }),
    invalidates: [catalogKeys.all(kind)],
    ...handlers,
  });
}

'use client';

import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { catalogItemQuery, catalogKeys } from '@/lib/catalog/queries';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { idSchema } from '@/lib/list/schemas';
import { isNotFound } from '../../ui/is-not-found';
import type { ChosenTemplate } from './chosen-template';
import { unavailableReason } from './template-facts';

/** Where the chosen template stands: asked for, found (usable or not), unknown, or failed to load. */
function chosenState(id: string | null, askable: boolean, detail: UseQueryResult<SignTemplate>): ChosenTemplate {
  if (id === null) return { kind: 'none' };
  if (!askable) return { kind: 'missing', id };
  if (detail.data) return { kind: 'ready', template: detail.data, reason: unavailableReason(detail.data) };
  if (detail.isError) {
    if (isNotFound(detail.error)) return { kind: 'missing', id };
    return { kind: 'failed', id, message: detail.error.message, retry: () => void detail.refetch() };
  }
  return { kind: 'loading', id };
}

/**
 * The template a send is for, by id, wherever it sits in the catalog (a link may name any):
 * `chosen` says where it stands, `template` is set once it is found and usable.
 */
export function useChosenTemplate(initialId: string | null) {
  const [chosenId, setChosenId] = useState<string | null>(initialId);
  const askable = chosenId !== null && idSchema.safeParse(chosenId).success;
  const detail = useQuery({ ...catalogItemQuery('document-sign-templates', chosenId ?? ''), enabled: askable });
  const client = useQueryClient();
  const choose = useCallback(
    (t: SignTemplate) => {
      // A result of the list is the same record: the detail query starts from it instead of asking again.
      client.setQueryData(catalogKeys.item('document-sign-templates', t.id), t);
      setChosenId(t.id);
    },
    [client],
  );
  const chosen = chosenState(chosenId, askable, detail);
  const template = chosen.kind === 'ready' && chosen.reason === null ? chosen.template : null;
  return { chosen, template, choose, setChosenId };
}

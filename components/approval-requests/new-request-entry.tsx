'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isId } from '@/lib/list/ids';
import { requestDraftApi } from '@/lib/request-drafts/queries';
import type { RequestDraft } from '@/lib/request-drafts/schemas';
import { isNotFound } from '../ui/is-not-found';
import { ErrorState, Skeleton } from '../ui/states';
import { NewRequestFlow } from './new-request-flow';

/**
 * `/approvals/new`, `?workflow=` or `?draft=`: a draft is read before the form is drawn, so the
 * form starts from it. Loading a draft as saved elsewhere starts the flow over from that one.
 */
export function NewRequestEntry({ initialWorkflowId, draftId }: { initialWorkflowId: string | null; draftId: string | null }) {
  const askable = draftId !== null && isId(draftId);
  const query = useQuery({ ...requestDraftApi.itemQuery(draftId ?? ''), enabled: askable });
  const [loaded, setLoaded] = useState<{ draft: RequestDraft; round: number } | null>(null);
  const load = (d: RequestDraft) => setLoaded((was) => ({ draft: d, round: (was?.round ?? 0) + 1 }));

  if (loaded) return <NewRequestFlow key={loaded.round} initialWorkflowId={null} draft={loaded.draft} gone={false} onLoadDraft={load} />;
  if (draftId === null) return <NewRequestFlow initialWorkflowId={initialWorkflowId} draft={null} gone={false} onLoadDraft={load} />;
  if (askable && query.isPending) {
    return (
      <div role="status" aria-label="Loading the draft" className="flex flex-col gap-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (query.isError && !isNotFound(query.error))
    return <ErrorState title="The draft could not be loaded" message={query.error.message} onRetry={() => void query.refetch()} />;
  return <NewRequestFlow initialWorkflowId={initialWorkflowId} draft={query.data ?? null} gone={!query.data} onLoadDraft={load} />;
}

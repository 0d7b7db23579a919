'use client';

import { useQuery } from '@tanstack/react-query';
import { useLoadedDraft } from '@/lib/unsaved-work/use-loaded-draft';
import { isId } from '@/lib/list/ids';
import { requestDraftApi } from '@/lib/request-drafts/queries';
import type { RequestDraft } from '@/lib/request-drafts/schemas';
import { ReadFirst } from '../ui/read-first';
import { NewRequestFlow } from './new-request-flow';

/**
 * `/approvals/new`, `?workflow=` or `?draft=`: a draft is read before the form is drawn, so the
 * form starts from it. Loading a draft as saved elsewhere starts the flow over from that one.
 */
export function NewRequestEntry({ initialWorkflowId, draftId }: { initialWorkflowId: string | null; draftId: string | null }) {
  const askable = draftId !== null && isId(draftId);
  const query = useQuery({ ...requestDraftApi.itemQuery(draftId ?? ''), enabled: askable });
  const [loaded, load] = useLoadedDraft<RequestDraft>();

  if (loaded)
    return <NewRequestFlow key={loaded.round} initialWorkflowId={null} draft={loaded.draft} gone={false} onLoadDraft={load} />;
  if (draftId === null)
    return <NewRequestFlow initialWorkflowId={initialWorkflowId} draft={null} gone={false} onLoadDraft={load} />;
  return (
    <ReadFirst query={query} asked={askable} what="draft" bars={['h-24 w-full', 'h-64 w-full']}>
      {(draft) => <NewRequestFlow initialWorkflowId={initialWorkflowId} draft={draft} gone={!draft} onLoadDraft={load} />}
    </ReadFirst>
  );
}

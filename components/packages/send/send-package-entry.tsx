'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { packageDraftQuery } from '@/lib/package-drafts/queries';
import { idSchema } from '@/lib/list/schemas';
import type { PackageDraft } from '@/lib/package-drafts/schemas';
import { isNotFound } from '../../ui/is-not-found';
import { ErrorState, Skeleton } from '../../ui/states';
import { SendPackageFlow } from './send-package-flow';

const GONE =
  'That draft no longer exists: it was sent or deleted (perhaps in another tab). Start afresh below, or pick another draft from Drafts.';

/**
 * `/packages/new`, `?template=` or `?draft=`: a draft is read before the form is drawn, so the
 * form starts from it. Loading a draft as saved elsewhere starts the flow over from that one.
 */
export function SendPackageEntry({ initialTemplateId, draftId }: { initialTemplateId: string | null; draftId: string | null }) {
  const askable = draftId !== null && idSchema.safeParse(draftId).success;
  const query = useQuery({ ...packageDraftQuery(draftId ?? ''), enabled: askable });
  const [loaded, setLoaded] = useState<{ draft: PackageDraft; round: number } | null>(null);

  if (loaded) {
    return (
      <SendPackageFlow
        key={loaded.round}
        initialTemplateId={null}
        draft={loaded.draft}
        startNotice={null}
        onLoadDraft={(d) => setLoaded({ draft: d, round: loaded.round + 1 })}
      />
    );
  }
  const load = (d: PackageDraft) => setLoaded({ draft: d, round: 1 });
  if (draftId === null)
    return <SendPackageFlow initialTemplateId={initialTemplateId} draft={null} startNotice={null} onLoadDraft={load} />;
  if (askable && query.isPending) {
    return (
      <div role="status" aria-label="Loading the draft" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (query.isError && !isNotFound(query.error)) {
    return (
      <ErrorState title="The draft could not be loaded" message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <SendPackageFlow
      initialTemplateId={initialTemplateId}
      draft={query.data ?? null}
      startNotice={query.data ? null : GONE}
      onLoadDraft={load}
    />
  );
}

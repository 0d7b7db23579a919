'use client';

import { useQuery } from '@tanstack/react-query';
import { packageDraftQuery } from '@/lib/package-drafts/queries';
import { draftFromPackage } from '@/lib/package-drafts/draft-from-package';
import { packageQuery } from '@/lib/packages/queries';
import { idSchema } from '@/lib/list/schemas';
import type { PackageDraft } from '@/lib/package-drafts/schemas';
import { useLoadedDraft } from '@/lib/drafts/use-loaded-draft';
import { ReadFirst } from '../../ui/read-first';
import { SendPackageFlow } from './send-package-flow';

const GONE = {
  tone: 'warn',
  text: 'That draft no longer exists: it was sent or deleted (perhaps in another tab). Start afresh below, or pick another draft from Drafts.',
} as const;

/**
 * `/packages/new`, `?template=`, `?from=` (a package) or `?draft=`: a draft is read before the form is drawn, so the
 * form starts from it. Loading a draft as saved elsewhere starts the flow over from that one.
 */
export function SendPackageEntry({
  initialTemplateId,
  draftId,
  fromPackageId,
}: {
  initialTemplateId: string | null;
  draftId: string | null;
  /** "Use as a new package": the package whose template, values, recipients and expiry the form starts from */
  fromPackageId: string | null;
}) {
  const askable = draftId !== null && idSchema.safeParse(draftId).success;
  const query = useQuery({ ...packageDraftQuery(draftId ?? ''), enabled: askable });
  const [loaded, load] = useLoadedDraft<PackageDraft>();

  if (loaded)
    return (
      <SendPackageFlow key={loaded.round} initialTemplateId={null} draft={loaded.draft} startNotice={null} onLoadDraft={load} />
    );
  if (draftId === null && fromPackageId !== null) return <FromPackage id={fromPackageId} onLoadDraft={load} />;
  if (draftId === null)
    return <SendPackageFlow initialTemplateId={initialTemplateId} draft={null} startNotice={null} onLoadDraft={load} />;
  return (
    <ReadFirst query={query} asked={askable} what="draft" bars={['h-10 w-1/2', 'h-40 w-full', 'h-28 w-full']}>
      {(draft) => (
        <SendPackageFlow
          initialTemplateId={initialTemplateId}
          draft={draft}
          startNotice={draft ? null : GONE}
          onLoadDraft={load}
        />
      )}
    </ReadFirst>
  );
}

/** A package used as a new one: nothing is saved until the sender saves a draft or sends. */
function FromPackage({ id, onLoadDraft }: { id: string; onLoadDraft(draft: PackageDraft): void }) {
  const askable = idSchema.safeParse(id).success;
  const query = useQuery({ ...packageQuery(id), enabled: askable });
  return (
    <ReadFirst query={query} asked={askable} what="package" bars={['h-10 w-1/2', 'h-40 w-full']}>
      {(pkg) => {
        const start = pkg ? draftFromPackage(pkg) : null;
        const notice = start
          ? {
              tone: 'info' as const,
              text: `Started from package ${id}: its template, values, recipients and expiry are filled in. Nothing is saved until you save a draft or send.`,
            }
          : {
              tone: 'warn' as const,
              text: `Package ${id} could not be used as a start (it is not there, or names no template). Start afresh below.`,
            };
        return (
          <SendPackageFlow
            initialTemplateId={start?.template_id ?? null}
            draft={null}
            startNotice={notice}
            startFrom={start ?? undefined}
            onLoadDraft={onLoadDraft}
          />
        );
      }}
    </ReadFirst>
  );
}

'use client';

import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { packageDraftQuery } from '@/lib/package-drafts/queries';
import { draftFromPackage } from '@/lib/package-drafts/draft-from-package';
import { packageQuery, reviewStartQuery } from '@/lib/packages/queries';
import { draftFromReview } from '@/lib/package-drafts/draft-from-review';
import { idSchema } from '@/lib/list/schemas';
import type { CreateDraftInput, PackageDraft } from '@/lib/package-drafts/schemas';
import { useLoadedDraft } from '@/lib/unsaved-work/use-loaded-draft';
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
  reviewId = null,
}: {
  initialTemplateId: string | null;
  draftId: string | null;
  /** "Use as a new package": the package whose template, values, recipients and expiry the form starts from */
  fromPackageId: string | null;
  /** a preview of the user's whose receipt lapsed or is lapsing: its values, to preview again */
  reviewId?: string | null;
}) {
  const askable = draftId !== null && idSchema.safeParse(draftId).success;
  const query = useQuery({ ...packageDraftQuery(draftId ?? ''), enabled: askable });
  const [loaded, load] = useLoadedDraft<PackageDraft>();

  if (loaded)
    return (
      <SendPackageFlow key={loaded.round} initialTemplateId={null} draft={loaded.draft} startNotice={null} onLoadDraft={load} />
    );
  if (draftId === null && fromPackageId !== null) return <FromPackage id={fromPackageId} onLoadDraft={load} />;
  if (draftId === null && reviewId !== null) return <FromReview id={reviewId} onLoadDraft={load} />;
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

type StartNotice = { tone: 'info' | 'warn'; text: string };

/** The send form started from something read first (a package, a review): its values, and a notice saying where they came from. */
function StartedFrom<T>({
  query,
  asked,
  what,
  startOf,
  onLoadDraft,
}: {
  query: UseQueryResult<T>;
  asked: boolean;
  what: string;
  startOf(data: T | null): { start: CreateDraftInput | null; notice: StartNotice };
  onLoadDraft(draft: PackageDraft): void;
}) {
  return (
    <ReadFirst query={query} asked={asked} what={what} bars={['h-10 w-1/2', 'h-40 w-full']}>
      {(data) => {
        const { start, notice } = startOf(data);
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

/** A review picked up again from home: its values, to preview again before the old receipt lapses or after. */
function FromReview({ id, onLoadDraft }: { id: string; onLoadDraft(draft: PackageDraft): void }) {
  const asked = idSchema.safeParse(id).success;
  const query = useQuery({ ...reviewStartQuery(id), enabled: asked });
  return (
    <StartedFrom
      query={query}
      asked={asked}
      what="review"
      onLoadDraft={onLoadDraft}
      startOf={(review) => {
        if (!review)
          return {
            start: null,
            notice: { tone: 'warn', text: 'That review is not one of yours, or no longer there. Start afresh below.' },
          };
        if (review.package_id !== null)
          return {
            start: null,
            notice: {
              tone: 'info',
              text: `That review was sent: it is package ${review.package_id}. Start afresh below, or open the package to use it as a new one.`,
            },
          };
        return {
          start: draftFromReview(review),
          notice: {
            tone: 'info',
            text: 'Your review’s values are filled in again. Its receipt cannot be picked up from here: Preview gets a new one, valid 10 minutes, and you review the document once more before sending.',
          },
        };
      }}
    />
  );
}

/** A package used as a new one: nothing is saved until the sender saves a draft or sends. */
function FromPackage({ id, onLoadDraft }: { id: string; onLoadDraft(draft: PackageDraft): void }) {
  const asked = idSchema.safeParse(id).success;
  const query = useQuery({ ...packageQuery(id), enabled: asked });
  return (
    <StartedFrom
      query={query}
      asked={asked}
      what="package"
      onLoadDraft={onLoadDraft}
      startOf={(pkg) => {
        const start = pkg ? draftFromPackage(pkg) : null;
        return {
          start,
          notice: start
            ? {
                tone: 'info',
                text: `Started from package ${id}: its template, values, recipients and expiry are filled in. Nothing is saved until you save a draft or send.`,
              }
            : {
                tone: 'warn',
                text: `Package ${id} could not be used as a start (it is not there, or names no template). Start afresh below.`,
              },
        };
      }}
    />
  );
}

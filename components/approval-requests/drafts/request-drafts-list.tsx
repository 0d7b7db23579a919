'use client';

import { requestDraftApi } from '@/lib/request-drafts/queries';
import type { RequestDraftSummary } from '@/lib/request-drafts/schemas';
import { DraftsList } from '../../drafts/drafts-list';
import { requestDraftPath } from '@/lib/drafts/draft-paths';

const subjectOf = (d: RequestDraftSummary) => d.workflow_name ?? d.workflow_id;
export const resumeRequestDraftHref = requestDraftPath;
const empty = {
  body: '“Save as draft” on a new request keeps it here, in this console, to finish and submit later. Reviewers see nothing until you submit.',
  action: { href: '/approvals/new', label: 'New request' },
};

/** The signed-in user's approval-request drafts, kept by the console. */
export function RequestDraftsList() {
  return (
    <DraftsList
      resource={requestDraftApi}
      caption="Approval-request drafts"
      subjectOf={subjectOf}
      resumeHref={resumeRequestDraftHref}
      notYet="submitted"
      empty={empty}
    />
  );
}

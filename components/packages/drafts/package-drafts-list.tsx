'use client';

import { packageDraftApi } from '@/lib/package-drafts/queries';
import type { PackageDraftSummary } from '@/lib/package-drafts/schemas';
import { DraftsList } from '../../drafts/drafts-list';
import { packageDraftPath } from '@/lib/drafts/draft-paths';

const subjectOf = (d: PackageDraftSummary) => d.template_name ?? d.template_id;
const resumeHref = packageDraftPath;
const empty = {
  body: '“Save draft” on the send form keeps a package you are preparing, to finish and send later.',
  action: { href: '/packages/new', label: 'Send a package' },
};

/** The signed-in sender's package drafts. */
export function PackageDraftsList() {
  return (
    <DraftsList
      resource={packageDraftApi}
      caption="Package drafts"
      subjectOf={subjectOf}
      resumeHref={resumeHref}
      notYet="sent"
      empty={empty}
    />
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ApprovalsTabs } from '@/components/approval-requests/approvals-tabs';
import { RequestDraftsList } from '@/components/approval-requests/drafts/request-drafts-list';
import { Forbidden } from '@/components/shell/forbidden';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Approval-request drafts' };

export default async function RequestDraftsPage() {
  const user = await userWith('approvals:write');
  if (!user) return <Forbidden area="Approval-request drafts" />;
  return (
    <>
      <PageHeader
        title="Approval-request drafts"
        description="Requests you saved before submitting them, kept by this console: only you see them, no reviewer does, and a draft is deleted once it is submitted."
        actions={<LinkButton href="/approvals/new">New request</LinkButton>}
      />
      <ApprovalsTabs />
      <Suspense>
        <RequestDraftsList />
      </Suspense>
    </>
  );
}

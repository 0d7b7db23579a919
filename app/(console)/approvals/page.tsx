import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ApprovalsList } from '@/components/approval-requests/approvals-list';
import { ApprovalsTabs } from '@/components/approval-requests/approvals-tabs';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Approval requests' };

export default async function ApprovalsPage() {
  const user = await userWith('approvals:read');
  if (!user) return <Forbidden area="Approvals" />;
  const canWrite = can(user.roles, 'approvals:write');
  return (
    <>
      <PageHeader
        title="Approval requests"
        description="Requests submitted to approval workflows, with their progress through the approval layers."
        actions={canWrite ? <LinkButton href="/approvals/new">New request</LinkButton> : undefined}
      />
      {canWrite && <ApprovalsTabs />}
      <Suspense>
        <ApprovalsList canWrite={canWrite} admin={user.roles.includes('admin')} />
      </Suspense>
    </>
  );
}

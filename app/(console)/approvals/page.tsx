import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ApprovalsList } from '@/components/approvals/approvals-list';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/roles';
import { requireUser } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Approval requests' };

export default async function ApprovalsPage() {
  const user = await requireUser();
  const canWrite = can(user.roles, 'approvals:write');
  return (
    <>
      <PageHeader
        title="Approval requests"
        description="Requests submitted to approval workflows, with their progress through the approval layers."
        actions={canWrite ? <LinkButton href="/approvals/new">New request</LinkButton> : undefined}
      />
      <Suspense>
        <ApprovalsList canWrite={canWrite} />
      </Suspense>
    </>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WorkflowsList } from '@/components/catalog/workflows-list';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Approval workflows' };

export default async function ApprovalWorkflowsPage() {
  if (!(await userWith('read'))) return <Forbidden area="The catalog" />;
  return (
    <>
      <PageHeader title="Approval workflows" description="Published workflows, their releases and the fields each release asks a requester for." />
      <Suspense>
        <WorkflowsList />
      </Suspense>
    </>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WorkflowsList } from '@/components/catalog/workflows-list';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Approval workflows' };

export default function ApprovalWorkflowsPage() {
  return (
    <>
      <PageHeader title="Approval workflows" description="Published workflows, their releases and the fields each release asks a requester for." />
      <Suspense>
        <WorkflowsList />
      </Suspense>
    </>
  );
}

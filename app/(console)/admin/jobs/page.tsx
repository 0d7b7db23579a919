import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BackgroundWork } from '@/components/admin/background-work';
import { FailedDeliveries } from '@/components/admin/failed-deliveries';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Background work' };

export default async function BackgroundWorkPage() {
  if (!(await userWith('jobs:admin'))) return <Forbidden area="Background work" />;
  return (
    <>
      <PageHeader
        title="Background work"
        description="What the console does on its own: sending confirmed bulk rows, finding rows that are due, pruning what is past its retention, telling people what needs them. A failed job or e-mail says why; Retry queues it again from its first attempt, and is recorded in the audit log."
      />
      <Suspense>
        <BackgroundWork />
      </Suspense>
      <FailedDeliveries />
    </>
  );
}

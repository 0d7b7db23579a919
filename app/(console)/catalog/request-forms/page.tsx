import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RequestFormsList } from '@/components/catalog/request-forms-list';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Request forms' };

export default async function RequestFormsPage() {
  if (!(await userWith('read'))) return <Forbidden area="The catalog" />;
  return (
    <>
      <PageHeader title="Request forms" description="The forms requesters use to start an approval workflow." />
      <Suspense>
        <RequestFormsList />
      </Suspense>
    </>
  );
}

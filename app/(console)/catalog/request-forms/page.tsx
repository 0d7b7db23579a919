import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RequestFormsList } from '@/components/catalog/request-forms-list';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Request forms' };

export default function RequestFormsPage() {
  return (
    <>
      <PageHeader title="Request forms" description="The forms requesters use to start an approval workflow." />
      <Suspense>
        <RequestFormsList />
      </Suspense>
    </>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RequestTemplatesList } from '@/components/catalog/request-templates-list';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Request templates' };

export default function RequestTemplatesPage() {
  return (
    <>
      <PageHeader title="Request templates" description="Form Builder templates that approval requests are built on. Read-only: they are authored in the platform UI." />
      <Suspense>
        <RequestTemplatesList />
      </Suspense>
    </>
  );
}

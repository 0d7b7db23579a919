import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RequestTemplatesList } from '@/components/catalog/request-templates-list';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Request templates' };

export default async function RequestTemplatesPage() {
  if (!(await userWith('read'))) return <Forbidden area="The catalog" />;
  return (
    <>
      <PageHeader title="Request templates" description="Form Builder templates that approval requests are built on. Read-only: they are authored in the platform UI." />
      <Suspense>
        <RequestTemplatesList />
      </Suspense>
    </>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignTemplatesList } from '@/components/catalog/sign-templates-list';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Document-sign templates' };

export default async function DocumentSignTemplatesPage() {
  if (!(await userWith('read'))) return <Forbidden area="The catalog" />;
  return (
    <>
      <PageHeader title="Document-sign templates" description="Signing templates with their versions, signer slots, sender fields and source PDFs." />
      <Suspense>
        <SignTemplatesList />
      </Suspense>
    </>
  );
}

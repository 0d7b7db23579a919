import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignTemplatesList } from '@/components/catalog/sign-templates-list';
import { PageHeader } from '@/components/ui/page-header';
import { CATALOG_KIND_INFO } from '@/lib/catalog/kinds';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

const { many, description } = CATALOG_KIND_INFO['document-sign-templates'];

export const metadata: Metadata = { title: many };

export default async function DocumentSignTemplatesPage() {
  if (!(await userWith('read'))) return <Forbidden area="The catalog" />;
  return (
    <>
      <PageHeader title={many} description={description} />
      <Suspense>
        <SignTemplatesList />
      </Suspense>
    </>
  );
}

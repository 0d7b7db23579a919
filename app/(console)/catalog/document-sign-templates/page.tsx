import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignTemplatesList } from '@/components/catalog/sign-templates-list';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Document-sign templates' };

export default function DocumentSignTemplatesPage() {
  return (
    <>
      <PageHeader title="Document-sign templates" description="Signing templates with their versions, signer slots, sender fields and source PDFs." />
      <Suspense>
        <SignTemplatesList />
      </Suspense>
    </>
  );
}

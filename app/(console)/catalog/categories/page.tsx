import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CategoriesList } from '@/components/catalog/categories-list';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Categories' };

export default function CategoriesPage() {
  return (
    <>
      <PageHeader title="Categories" description="Categories group request templates, workflows and forms." />
      <Suspense>
        <CategoriesList />
      </Suspense>
    </>
  );
}

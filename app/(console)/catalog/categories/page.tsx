import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CreateCategoryDialog } from '@/components/catalog/create-category-dialog';
import { CategoriesList } from '@/components/catalog/categories-list';
import { PageHeader } from '@/components/ui/page-header';
import { CATALOG_KIND_INFO } from '@/lib/catalog/kinds';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

const { many, description } = CATALOG_KIND_INFO.categories;

export const metadata: Metadata = { title: many };

export default async function CategoriesPage() {
  const user = await userWith('read');
  if (!user) return <Forbidden area="The catalog" />;
  const admin = can(user.roles, 'catalog:admin');
  return (
    <>
      <PageHeader title={many} description={description} actions={admin ? <CreateCategoryDialog /> : undefined} />
      <Suspense>
        <CategoriesList canCreate={admin} />
      </Suspense>
    </>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CategoryDetail } from '@/components/catalog/category-detail';
import { archiveOf, CATALOG_KIND_INFO } from '@/lib/catalog/kinds';
import { routeId } from '@/lib/route-id';
import { WithCatalogItem } from '../../with-catalog-item';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${routeId((await params).id)} · ${CATALOG_KIND_INFO.categories.one}` };
}

export default async function CategoryPage({ params }: Props) {
  const id = routeId((await params).id);
  const user = await userWith('read');
  if (!user) return <Forbidden area="The catalog" />;
  return (
    <Suspense>
      <WithCatalogItem kind="categories" id={id}>
        <CategoryDetail key={id} id={id} canAdmin={can(user.roles, archiveOf('categories').permission)} />
      </WithCatalogItem>
    </Suspense>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RequestTemplateDetail } from '@/components/catalog/request-template-detail';
import { CATALOG_KIND_INFO } from '@/lib/catalog/kinds';
import { routeId } from '@/lib/route-id';
import { WithCatalogItem } from '../../with-catalog-item';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${routeId((await params).id)} · ${CATALOG_KIND_INFO['request-templates'].one}` };
}

export default async function RequestTemplatePage({ params }: Props) {
  if (!(await userWith('read'))) return <Forbidden area="The catalog" />;
  const id = routeId((await params).id);
  return (
    <Suspense>
      <WithCatalogItem kind="request-templates" id={id}>
        <RequestTemplateDetail key={id} id={id} />
      </WithCatalogItem>
    </Suspense>
  );
}

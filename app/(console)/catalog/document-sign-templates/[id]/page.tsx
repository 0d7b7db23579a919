import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignTemplateDetail } from '@/components/catalog/sign-template-detail';
import { CATALOG_KIND_INFO } from '@/lib/catalog/kinds';
import { routeId } from '@/lib/route-id';
import { WithCatalogItem } from '../../with-catalog-item';
import { Forbidden } from '@/components/shell/forbidden';
import { PdfWorkerPreload } from '@/components/pdf/pdf-worker-preload';
import { can } from '@/lib/roles';
import { userWith } from '@/server/auth/page-access';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${routeId((await params).id)} · ${CATALOG_KIND_INFO['document-sign-templates'].one}` };
}

export default async function SignTemplatePage({ params }: Props) {
  const user = await userWith('read');
  if (!user) return <Forbidden area="The catalog" />;
  const id = routeId((await params).id);
  return (
    <Suspense>
      <PdfWorkerPreload />
      <WithCatalogItem kind="document-sign-templates" id={id}>
        <SignTemplateDetail key={id} id={id} canSend={can(user.roles, 'packages:send')} />
      </WithCatalogItem>
    </Suspense>
  );
}

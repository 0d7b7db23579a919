import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PackageDraftsList } from '@/components/packages/drafts/package-drafts-list';
import { PackagesTabs } from '@/components/packages/packages-tabs';
import { Forbidden } from '@/components/shell/forbidden';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Package drafts' };

export default async function PackageDraftsPage() {
  const user = await userWith('packages:send');
  if (!user) return <Forbidden area="Package drafts" />;
  return (
    <>
      <PageHeader
        title="Package drafts"
        description="Packages you saved before sending them. Only you see your drafts; a draft is deleted once it is sent."
        actions={<LinkButton href="/packages/new">Send a package</LinkButton>}
      />
      <PackagesTabs />
      <Suspense>
        <PackageDraftsList />
      </Suspense>
    </>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PackagesList } from '@/components/packages/packages-list';
import { PackagesTabs } from '@/components/packages/packages-tabs';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Signature packages' };

export default async function PackagesPage() {
  const user = await userWith('packages:read');
  if (!user) return <Forbidden area="Packages" />;
  const canSend = can(user.roles, 'packages:send');
  return (
    <>
      <PageHeader
        title="Signature packages"
        description="Documents sent for signature from a document-sign template, with each signer's progress."
        actions={canSend ? <LinkButton href="/packages/new">Send a package</LinkButton> : undefined}
      />
      {canSend && <PackagesTabs />}
      <Suspense>
        <PackagesList canSend={canSend} admin={user.roles.includes('admin')} />
      </Suspense>
    </>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PackagesTabs } from '@/components/packages/packages-tabs';
import { RecipientBook } from '@/components/recipients/recipient-book';
import { Forbidden } from '@/components/shell/forbidden';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Recipients' };

export default async function RecipientsPage() {
  const user = await userWith('packages:send');
  if (!user) return <Forbidden area="Recipients" />;
  return (
    <>
      <PageHeader
        title="Recipients"
        description="Everyone your team has sent packages to, as the senders typed them, suggested on every signer field. The book only suggests: it never sends anything."
        actions={<LinkButton href="/packages/new">Send a package</LinkButton>}
      />
      <PackagesTabs />
      <Suspense>
        <RecipientBook />
      </Suspense>
    </>
  );
}

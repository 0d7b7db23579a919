import type { Metadata } from 'next';
import { BatchesList } from '@/components/bulk/batches-list';
import { PackagesTabs } from '@/components/packages/packages-tabs';
import { Forbidden } from '@/components/shell/forbidden';
import { PageHeader } from '@/components/ui/page-header';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Bulk sends' };

export default async function BulkSendsPage() {
  const user = await userWith('packages:send');
  if (!user) return <Forbidden area="Bulk sends" />;
  return (
    <>
      <PageHeader
        title="Bulk sends"
        description="Batches of packages from a spreadsheet, one template each. Every package is reviewed before it is sent; only you see your batches."
      />
      <PackagesTabs />
      <BatchesList />
    </>
  );
}

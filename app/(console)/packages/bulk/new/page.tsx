import type { Metadata } from 'next';
import { NewBatch } from '@/components/bulk/new-batch';
import { Forbidden } from '@/components/shell/forbidden';
import { BackLink } from '@/components/ui/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Send in bulk' };

export default async function NewBatchPage({ searchParams }: { searchParams: Promise<{ template?: string }> }) {
  const [user, { template }] = await Promise.all([userWith('packages:send'), searchParams]);
  if (!user) return <Forbidden area="Bulk sends" />;
  return (
    <>
      <BackLink href="/packages/bulk">Bulk sends</BackLink>
      <PageHeader
        title="Send in bulk"
        description="One package per spreadsheet row, from one document-sign template. Rows are checked here; every package is reviewed before it is sent."
      />
      <NewBatch templateId={template ?? null} />
    </>
  );
}

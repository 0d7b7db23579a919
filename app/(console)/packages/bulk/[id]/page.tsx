import type { Metadata } from 'next';
import { BatchDetail } from '@/components/bulk/batch-detail';
import { PdfWorkerPreload } from '@/components/pdf/pdf-worker-preload';
import { Forbidden } from '@/components/shell/forbidden';
import { BackLink } from '@/components/ui/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { routeId } from '@/lib/route-id';
import { userWith } from '@/server/auth/page-access';
import { db } from '@/server/db';
import { readableBatchOf } from '@/server/bulk/batch-store';
import { withTeamScope } from '@/server/teams/scope';

export const metadata: Metadata = { title: 'Bulk send' };

export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, user] = await Promise.all([params, userWith('packages:read')]);
  if (!user) return <Forbidden area="Bulk sends" />;
  const batchId = routeId(id);
  // The name from the console's own database; a batch outside the user's reach reads as none (the page says so).
  const conn = await db();
  const name = await withTeamScope(user, () => readableBatchOf(conn, user, batchId)).then(
    (b) => b.batch.name,
    () => 'Bulk send',
  );
  return (
    <>
      {/* Reviews show populated PDFs: the worker is in the cache by then. */}
      <PdfWorkerPreload />
      <BackLink href="/packages/bulk">Bulk sends</BackLink>
      <PageHeader title={name} description="Review each package, then confirm it: confirmed packages are sent one by one." />
      <BatchDetail id={batchId} />
    </>
  );
}

import type { Metadata } from 'next';
import { DocumentDetail } from '@/components/documents/document-detail';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { PdfWorkerPreload } from '@/components/pdf/pdf-worker-preload';
import { userWith } from '@/server/auth/page-access';
import { sandboxControl } from '@/server/env';

export const metadata: Metadata = { title: 'Document' };

export default async function DocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, user] = await Promise.all([params, userWith('documents:read')]);
  if (!user) return <Forbidden area="Documents" />;
  return (
    <>
      <PdfWorkerPreload />
      <DocumentDetail
        id={id}
        canWrite={can(user.roles, 'documents:write')}
        access={{
          canSend: can(user.roles, 'packages:send'),
          sandboxPanel: can(user.roles, 'sandbox:control') && sandboxControl() !== null,
        }}
      />
    </>
  );
}

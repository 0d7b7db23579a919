import type { Metadata } from 'next';
import { DocumentDetail } from '@/components/documents/document-detail';
import { RecordTeam } from '@/components/teams/record-team';
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
      {/* An admin sees every team's documents: which team this one is, and a way to give one of no team to a team. */}
      {user.roles.includes('admin') && <RecordTeam kind="document" id={id} />}
    </>
  );
}

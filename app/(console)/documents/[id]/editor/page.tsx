import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EditorScreen } from '@/components/editor/editor-screen';
import { Forbidden } from '@/components/shell/forbidden';
import { PdfWorkerPreload } from '@/components/pdf/pdf-worker-preload';
import { idSchema } from '@/lib/list/schemas';
import { can } from '@/lib/roles';
import { userWith } from '@/server/auth/page-access';
import { sandboxControl } from '@/server/env';

export const metadata: Metadata = { title: 'Field editor' };

export default async function EditorPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await userWith('documents:write');
  if (!user) return <Forbidden area="The field editor" />;
  const { id } = await params;
  if (!idSchema.safeParse(id).success) notFound();
  return (
    <>
      <PdfWorkerPreload />
      <EditorScreen
        documentId={id}
        access={{
          canSend: can(user.roles, 'packages:send'),
          sandboxPanel: can(user.roles, 'sandbox:control') && sandboxControl() !== null,
        }}
      />
    </>
  );
}

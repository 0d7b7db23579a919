import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DocumentsArea } from '@/components/documents/documents-area';
import { TableSkeleton } from '@/components/ui/states';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Documents' };

export default async function DocumentsPage() {
  const user = await userWith('documents:read');
  if (!user) return <Forbidden area="Documents" />;
  return (
    <Suspense fallback={<TableSkeleton columns={5} />}>
      <DocumentsArea canWrite={can(user.roles, 'documents:write')} admin={user.roles.includes('admin')} />
    </Suspense>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { DocumentsArea } from '@/components/documents/documents-area';
import { TableSkeleton } from '@/components/ui/states';
import { can } from '@/lib/roles';
import { requireUser } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Documents' };

export default async function DocumentsPage() {
  const user = await requireUser();
  return (
    <Suspense fallback={<TableSkeleton columns={5} />}>
      <DocumentsArea canWrite={can(user.roles, 'documents:write')} />
    </Suspense>
  );
}

import type { Metadata } from 'next';
import { NewRequestEntry } from '@/components/approval-requests/new-request-entry';
import { Forbidden } from '@/components/shell/forbidden';
import { PageHeader } from '@/components/ui/page-header';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'New approval request' };

export default async function NewApprovalPage({ searchParams }: { searchParams: Promise<{ workflow?: string; draft?: string }> }) {
  const [user, { workflow, draft }] = await Promise.all([userWith('approvals:write'), searchParams]);
  if (!user) return <Forbidden area="Submitting approval requests" />;
  return (
    <>
      <PageHeader title="New approval request" description="Pick a workflow; its current release decides the form. Save a draft in this console to finish later, or submit it to the first approval layer." />
      <NewRequestEntry initialWorkflowId={workflow ?? null} draftId={draft ?? null} />
    </>
  );
}

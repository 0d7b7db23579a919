import type { Metadata } from 'next';
import { routeId } from '@/lib/route-id';
import { ApprovalDetail } from '@/components/approval-requests/approval-detail';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Approval request' };

export default async function ApprovalPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, user] = await Promise.all([params, userWith('approvals:read')]);
  if (!user) return <Forbidden area="Approvals" />;
  return <ApprovalDetail id={routeId(id)} canWrite={can(user.roles, 'approvals:write')} />;
}

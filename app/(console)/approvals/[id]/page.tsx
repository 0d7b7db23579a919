import type { Metadata } from 'next';
import { ApprovalDetail } from '@/components/approval-requests/approval-detail';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Approval request' };

/** Route params may arrive percent-encoded (ids can hold ':' and '@'). */
function safeDecode(id: string) {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

export default async function ApprovalPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, user] = await Promise.all([params, userWith('approvals:read')]);
  if (!user) return <Forbidden area="Approvals" />;
  return <ApprovalDetail id={safeDecode(id)} canWrite={can(user.roles, 'approvals:write')} />;
}

import type { Metadata } from 'next';
import { ApprovalDetail } from '@/components/approvals/approval-detail';
import { can } from '@/lib/roles';
import { requireUser } from '@/server/auth/page-access';

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
  const [{ id }, user] = await Promise.all([params, requireUser()]);
  return <ApprovalDetail id={safeDecode(id)} canWrite={can(user.roles, 'approvals:write')} />;
}

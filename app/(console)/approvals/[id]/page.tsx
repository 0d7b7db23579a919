import type { Metadata } from 'next';
import { routeId } from '@/lib/route-id';
import { ApprovalDetail } from '@/components/approval-requests/approval-detail';
import { RecordTeam } from '@/components/teams/record-team';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Approval request' };

export default async function ApprovalPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, user] = await Promise.all([params, userWith('approvals:read')]);
  if (!user) return <Forbidden area="Approvals" />;
  return (
    <>
      <ApprovalDetail id={routeId(id)} canWrite={can(user.roles, 'approvals:write')} />
      {/* An admin sees every team's requests: which team this one is, and a way to give one of no team to a team. */}
      {user.roles.includes('admin') && <RecordTeam kind="approval_request" id={routeId(id)} />}
    </>
  );
}

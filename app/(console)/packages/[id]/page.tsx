import type { Metadata } from 'next';
import { routeId } from '@/lib/route-id';
import { PackageDetail } from '@/components/packages/package-detail';
import { RecordTeam } from '@/components/teams/record-team';
import { can } from '@/lib/roles';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Signature package' };

export default async function PackagePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ sent?: string }>;
}) {
  const [{ id }, { sent }, user] = await Promise.all([params, searchParams, userWith('packages:read')]);
  if (!user) return <Forbidden area="Packages" />;
  const admin = user.roles.includes('admin');
  return (
    <>
      <PackageDetail
        id={routeId(id)}
        canArchive={can(user.roles, 'packages:archive')}
        canSend={can(user.roles, 'packages:send')}
        justSent={sent === '1'}
        showTeam={!admin}
      />
      {/* An admin sees every team's packages: which team this one is, and a way to give one of no team to a team. */}
      {admin && <RecordTeam kind="package" id={routeId(id)} />}
    </>
  );
}

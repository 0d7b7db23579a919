import type { Metadata } from 'next';
import { TeamsList } from '@/components/admin/teams/teams-list';
import { NewTeamButton } from '@/components/admin/teams/team-name-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Teams' };

export default async function TeamsPage() {
  if (!(await userWith('users:admin'))) return <Forbidden area="Teams" />;
  return (
    <>
      <PageHeader
        title="Teams"
        description="Each team’s members see the work sent for it, not everyone’s. A person may be in several teams; administrators see every team’s records. A membership from the identity provider’s groups is changed there, not here."
        actions={<NewTeamButton />}
      />
      <TeamsList />
    </>
  );
}

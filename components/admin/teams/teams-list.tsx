'use client';

import { useQuery } from '@tanstack/react-query';
import { usersQuery } from '@/lib/admin/queries';
import { formatDate } from '@/lib/format';
import { teamsQuery } from '@/lib/teams/queries';
import type { Team } from '@/lib/teams/schemas';
import type { AdminUser } from '@/lib/admin/queries';
import { Card } from '../../ui/card';
import { QueryState } from '../../ui/query-state';
import { Badge, EmptyState, TableSkeleton } from '../../ui/states';
import { ArchiveTeamButton } from './archive-team-button';
import { NewTeamButton, RenameTeamButton } from './team-name-dialog';
import { TeamMembers } from './team-members';

const membersCount = (n: number) => (n === 1 ? '1 member' : `${n} members`);

function TeamCard({ team, users }: { team: Team; users: readonly AdminUser[] }) {
  const archived = team.archived_at !== null;
  const id = `team-${team.id}`;
  return (
    <Card as="section" aria-labelledby={id} className="p-5">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="break-words text-base font-semibold text-slate-900">
            {team.name} {archived && <Badge tone="amber">archived</Badge>}
          </h2>
          <p className="text-sm text-slate-600">
            {membersCount(team.members.length)} ·{' '}
            {archived ? `archived ${formatDate(team.archived_at!)}` : `made ${formatDate(team.created_at)}`}
          </p>
        </div>
        {!archived && (
          <span className="flex gap-2">
            <RenameTeamButton team={team} />
            <ArchiveTeamButton team={team} />
          </span>
        )}
      </div>
      <TeamMembers team={team} users={users} />
    </Card>
  );
}

/** Every team, active first, each with its members; the list is small and not paged. */
export function TeamsList() {
  const teams = useQuery(teamsQuery());
  const users = useQuery(usersQuery());
  if (teams.isPending || teams.isError) return <QueryState query={teams} skeleton={<TableSkeleton columns={3} />} />;
  if (teams.data.length === 0)
    return (
      <EmptyState title="No teams yet" action={<NewTeamButton />} help>
        Until a team exists, everyone sees every package, batch, request and recipient, as before. Make a team for each department
        that sends from this console, then add its people.
      </EmptyState>
    );
  const active = teams.data.filter((t) => t.archived_at === null).length;
  return (
    <div className="flex flex-col gap-4" aria-busy={teams.isFetching}>
      {teams.data.map((t) => (
        <TeamCard key={t.id} team={t} users={users.data ?? []} />
      ))}
      <p className="text-sm text-slate-700" aria-live="polite">
        {active} active team{active === 1 ? '' : 's'}
        {teams.data.length > active && `, ${teams.data.length - active} archived`}
      </p>
    </div>
  );
}

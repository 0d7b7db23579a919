'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { AdminUser } from '@/lib/admin/queries';
import { failedMessage } from '@/lib/forms/admin-placement';
import { useAddMember, useRemoveMember } from '@/lib/teams/mutations';
import type { Team, TeamMember } from '@/lib/teams/schemas';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/field';
import { MembershipSource } from './membership-source';
import { AssignPackages } from './assign-packages';

function RemoveMember({ team, member }: { team: Team; member: TeamMember }) {
  const remove = useRemoveMember({
    onDone: () => void toast.success(`Removed ${member.name} from ${team.name}.`),
    onFailed: (err) => void toast.error(failedMessage(err)),
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      busy={remove.pending}
      onClick={() => void remove.run({ teamId: team.id, userId: member.user_id }).catch(() => undefined)}
      aria-label={`Remove ${member.name} from ${team.name}`}
    >
      Remove
    </Button>
  );
}

/** The people not yet in the team, by name; a disabled account is left out (it cannot sign in). */
const candidates = (team: Team, users: readonly AdminUser[]) =>
  users
    .filter((u) => !u.disabled && !team.members.some((m) => m.user_id === u.id))
    .map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }));

function AddMember({ team, users }: { team: Team; users: readonly AdminUser[] }) {
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string | undefined>();
  const options = candidates(team, users);
  const add = useAddMember({
    onDone(_team, input) {
      const who = users.find((u) => u.id === input.userId);
      toast.success(`Added ${who?.name ?? 'the user'} to ${team.name}.`);
      setPicked('');
    },
    onFailed: (err) => setError(failedMessage(err)),
  });
  if (options.length === 0) return <p className="text-sm text-slate-600">Every active account is in this team.</p>;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        if (picked) void add.run({ teamId: team.id, userId: picked }).catch(() => undefined);
      }}
    >
      <SelectField
        label={`Add a member to ${team.name}`}
        className="min-w-0 flex-1 sm:max-w-sm"
        value={picked}
        blank="Choose a person"
        options={options}
        error={error}
        onChange={(e) => setPicked(e.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={!picked} busy={add.pending}>
        Add
      </Button>
    </form>
  );
}

/** A team's members: where each came from, and (for an active team) adding and removing by hand. */
export function TeamMembers({ team, users }: { team: Team; users: readonly AdminUser[] }) {
  const active = team.archived_at === null;
  return (
    <div className="flex flex-col gap-3">
      {team.members.length === 0 ? (
        <p className="text-sm text-slate-600">No members yet: nobody but an administrator sees this team’s records.</p>
      ) : (
        <ul aria-label={`Members of ${team.name}`} className="divide-y divide-slate-200">
          {team.members.map((m) => (
            <li key={m.user_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 text-sm">
                <span className="font-medium text-slate-900">{m.name}</span>{' '}
                <span className="break-all text-slate-600">{m.email}</span>
              </span>
              <span className="flex items-center gap-2">
                <MembershipSource source={m.source} />
                {active && m.source === 'manual' && <RemoveMember team={team} member={m} />}
              </span>
            </li>
          ))}
        </ul>
      )}
      {active && <AddMember team={team} users={users} />}
      {active && <AssignPackages team={team} users={users} />}
    </div>
  );
}

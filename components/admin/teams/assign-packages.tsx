'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { AdminUser } from '@/lib/admin/queries';
import { failedMessage } from '@/lib/forms/admin-placement';
import { useAssignPackages } from '@/lib/teams/mutations';
import type { Team } from '@/lib/teams/schemas';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/field';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Assign a sender's past packages to this team": every package the console sent for them that
 * belongs to no team (sent before teams existed), and their batches, in one step.
 */
export function AssignPackages({ team, users }: { team: Team; users: readonly AdminUser[] }) {
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string | undefined>();
  const assign = useAssignPackages({
    onDone(moved, input) {
      const who = users.find((u) => u.id === input.userId)?.name ?? 'the sender';
      if (moved.packages === 0 && moved.batches === 0) toast.success(`${who} has no past packages without a team.`);
      else
        toast.success(
          `${plural(moved.packages, 'package', 'packages')} and ${plural(moved.batches, 'batch', 'batches')} of ${who} now belong to ${team.name}.`,
        );
      setPicked('');
    },
    onFailed: (err) => setError(failedMessage(err)),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        if (picked) void assign.run({ teamId: team.id, userId: picked }).catch(() => undefined);
      }}
    >
      <SelectField
        label={`Assign a sender’s past packages to ${team.name}`}
        hint="Packages they sent before teams existed (with no team) become this team’s; others keep theirs."
        className="min-w-0 flex-1 sm:max-w-sm"
        value={picked}
        blank="Choose a sender"
        options={users.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))}
        error={error}
        onChange={(e) => setPicked(e.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={!picked} busy={assign.pending}>
        Assign packages
      </Button>
    </form>
  );
}

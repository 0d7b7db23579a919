'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useArchiveTeam } from '@/lib/teams/mutations';
import type { Team } from '@/lib/teams/schemas';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** Archives a team behind a confirmation that says what its members lose. */
export function ArchiveTeamButton({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const archive = useArchiveTeam({ onDone: () => void toast.success(`Archived ${team.name}.`) });
  const members = team.members.length;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 ring-1 ring-inset ring-red-200"
        onClick={() => setOpen(true)}
        aria-label={`Archive ${team.name}`}
      >
        Archive
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="danger"
        title={`Archive ${team.name}?`}
        description={
          <>
            {members === 0
              ? 'It has no members. '
              : `${members === 1 ? 'Its one member' : `Its ${members} members`} can no longer see its packages, batches and recipients through it. `}
            Nobody can send for it any more. Its records stay its own and an administrator still sees them. Its name is free for a
            new team. This cannot be undone here.
          </>
        }
        confirmLabel="Archive team"
        onConfirm={() => archive.run(team.id)}
      />
    </>
  );
}

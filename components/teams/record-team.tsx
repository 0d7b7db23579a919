'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { failedMessage } from '@/lib/forms/admin-placement';
import { teamsQuery } from '@/lib/teams/queries';
import { recordTeamQuery, useAssignRecordTeam, type TeamRecordKind } from '@/lib/teams/record-team';
import { Button } from '../ui/button';
import { Section } from '../ui/card';
import { SelectField } from '../ui/field';

const NOUN: Record<TeamRecordKind, string> = { approval_request: 'request', document: 'document', package: 'package' };

/**
 * For an admin, on a request's, a document's or a package's page: the team it belongs to, and for one of no
 * team (made before teams, or by other means, so no member sees it) a picker to give it to one.
 */
export function RecordTeam({ kind, id }: { kind: TeamRecordKind; id: string }) {
  const current = useQuery(recordTeamQuery(kind, id));
  const teams = useQuery(teamsQuery());
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string | undefined>();
  const assign = useAssignRecordTeam(kind, id, {
    onDone(answer) {
      toast.success(`This ${NOUN[kind]} now belongs to ${answer.team?.name ?? 'the team'}: its members see it.`);
      setPicked('');
    },
    onFailed(err) {
      setError(failedMessage(err));
      void current.refetch();
    },
  });
  const active = (teams.data ?? []).filter((t) => !t.archived_at);
  // A record the page could not read (or no team defined) needs no team section.
  if (!current.data || active.length === 0) return null;
  const team = current.data.team;
  return (
    <div className="mt-5">
      <Section title="Team" id="team-heading">
        {team ? (
          <p className="text-sm text-slate-800">
            Belongs to <strong>{team.name}</strong>: its members see this {NOUN[kind]}.
          </p>
        ) : (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setError(undefined);
              if (picked) void assign.run(picked).catch(() => undefined);
            }}
          >
            <p className="w-full text-sm text-slate-700">
              This {NOUN[kind]} belongs to no team ({kind === 'package' ? 'sent' : 'made'} before teams, or by other means): only
              admins see it until it is assigned to a team, whose members then see it. Once assigned, it stays that team’s.
            </p>
            <SelectField
              label="Assign to a team"
              className="min-w-0 flex-1 sm:max-w-sm"
              value={picked}
              blank="Choose a team"
              options={active.map((t) => ({ value: t.id, label: t.name }))}
              error={error}
              onChange={(e) => setPicked(e.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={!picked} busy={assign.pending}>
              Assign
            </Button>
          </form>
        )}
      </Section>
    </div>
  );
}

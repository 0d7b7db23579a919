'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lastUsedFirst, myTeamsQuery } from '@/lib/teams/queries';
import { SelectField } from '../ui/field';

/**
 * Which of the person's teams a new record is for. Only someone in several teams chooses: the
 * one they last sent for comes first and is chosen; with one team or none the console decides
 * (`teamId` stays undefined and the body leaves team_id out).
 */
export function useTeamChoice() {
  const query = useQuery(myTeamsQuery());
  const teams = query.data ? lastUsedFirst(query.data) : [];
  const [picked, setPicked] = useState<string | null>(null);
  const several = teams.length > 1;
  const chosen = several ? (teams.find((t) => t.id === picked) ?? teams[0]) : undefined;
  return { teams, several, teamId: chosen?.id, setTeamId: setPicked };
}

export type TeamChoice = ReturnType<typeof useTeamChoice>;

/** The "Send for team" menu; nothing at all for a person in one team or none. */
export function TeamPicker({
  choice,
  label = 'Send for team',
  hint = 'Who can see it: the members of this team.',
  disabled,
  className,
}: {
  choice: TeamChoice;
  label?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
}) {
  if (!choice.several) return null;
  return (
    <SelectField
      label={label}
      hint={hint}
      className={className}
      value={choice.teamId}
      disabled={disabled}
      onChange={(e) => choice.setTeamId(e.target.value)}
      options={choice.teams.map((t) => ({ value: t.id, label: t.name }))}
    />
  );
}

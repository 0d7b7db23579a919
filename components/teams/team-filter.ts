'use client';

import { useQuery } from '@tanstack/react-query';
import { teamsQuery } from '@/lib/teams/queries';
import type { FilterDef } from '../list/list-toolbar';

/** A list's "Team" menu for an admin (who sees every team's records): each active team, and "No team". Null for others or with no team. */
export function useTeamFilter(admin: boolean): FilterDef | null {
  const teams = useQuery({ ...teamsQuery(), enabled: admin });
  const active = (teams.data ?? []).filter((t) => !t.archived_at);
  if (!admin || active.length === 0) return null;
  return {
    name: 'team',
    label: 'Team',
    options: [
      ...active.map((t) => ({ value: t.id, label: t.name })),
      { value: 'none', label: 'No team (made before teams or elsewhere)' },
    ],
  };
}

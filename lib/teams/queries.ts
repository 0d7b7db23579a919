import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { MyTeams, Team } from './schemas.ts';

// Query options of teams: every team for Admin → Teams and the Users page, and the signed-in
// person's own teams for the pickers on the send, bulk and import forms.

export const teamKeys = {
  all: ['teams'] as const,
  admin: ['teams', 'admin'] as const,
  mine: ['teams', 'mine'] as const,
};

export const teamsQuery = () =>
  queryOptions({
    queryKey: teamKeys.admin,
    queryFn: (ctx) => api<{ data: Team[] }>('/api/admin/teams', via(ctx)).then((r) => r.data),
  });

export const myTeamsQuery = () =>
  queryOptions({
    queryKey: teamKeys.mine,
    queryFn: (ctx) => api<MyTeams>('/api/teams/mine', via(ctx)),
    // The last team used changes with every send: read again whenever a form opens.
    staleTime: 0,
  });

/** The person's teams, the one they last used first, the rest by name as the server gave them. */
export function lastUsedFirst(mine: MyTeams): MyTeams['data'] {
  const last = mine.data.find((t) => t.id === mine.last_used);
  return last ? [last, ...mine.data.filter((t) => t !== last)] : mine.data;
}

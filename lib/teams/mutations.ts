'use client';

import { api } from '../api-client.ts';
import { adminKeys } from '../admin/queries.ts';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';
import { teamKeys } from './queries.ts';
import type { Team } from './schemas.ts';

// Admin → Teams writes. Their routes take no Idempotency-Key (a repeated create answers
// TEAM_NAME_TAKEN, a repeated rename, archive or membership change sets the same value), so the
// requests leave the hook's key out. Every write is audited, so the audit log is read again, and
// the Users page shows memberships, so it is read again too.
const READS = [teamKeys.all, adminKeys.users, adminKeys.audit];
const teamPath = (id: string) => `/api/admin/teams/${encodeURIComponent(id)}`;

export function useCreateTeam(handlers: KeyedMutationHandlers<string, Team> = {}) {
  return useKeyedMutation({
    scope: 'team-create',
    request: (name: string) => api<Team>('/api/admin/teams', { method: 'POST', body: { name } }),
    invalidates: READS,
    ...handlers,
  });
}

export type TeamRename = { id: string; name: string };

export function useRenameTeam(handlers: KeyedMutationHandlers<TeamRename, Team> = {}) {
  return useKeyedMutation({
    scope: 'team-rename',
    request: ({ id, name }: TeamRename) => api<Team>(teamPath(id), { method: 'PATCH', body: { name } }),
    invalidates: READS,
    ...handlers,
  });
}

export function useArchiveTeam(handlers: KeyedMutationHandlers<string, Team> = {}) {
  return useKeyedMutation({
    scope: 'team-archive',
    request: (id: string) => api<Team>(`${teamPath(id)}/archive`, { method: 'POST' }),
    invalidates: READS,
    ...handlers,
  });
}

export type Membership = { teamId: string; userId: string };

export function useAddMember(handlers: KeyedMutationHandlers<Membership, Team> = {}) {
  return useKeyedMutation({
    scope: 'team-member-add',
    request: ({ teamId, userId }: Membership) =>
      api<Team>(`${teamPath(teamId)}/members`, { method: 'POST', body: { user_id: userId } }),
    invalidates: READS,
    ...handlers,
  });
}

export function useRemoveMember(handlers: KeyedMutationHandlers<Membership, Team> = {}) {
  return useKeyedMutation({
    scope: 'team-member-remove',
    request: ({ teamId, userId }: Membership) =>
      api<Team>(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    invalidates: READS,
    ...handlers,
  });
}

/** What an assignment moved: the sender's past packages (and batches) of no team. */
export type Assigned = { team_id: string; user_id: string; packages: number; batches: number };

export function useAssignPackages(handlers: KeyedMutationHandlers<Membership, Assigned> = {}) {
  return useKeyedMutation({
    scope: 'team-assign-packages',
    request: ({ teamId, userId }: Membership) =>
      api<Assigned>(`${teamPath(teamId)}/assign-packages`, { method: 'POST', body: { user_id: userId } }),
    // The lists of packages and batches hold them now for the team's members.
    invalidates: [...READS, ['packages'], ['bulk']],
    ...handlers,
  });
}

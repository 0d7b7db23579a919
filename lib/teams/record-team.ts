'use client';

import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { via } from '../api-transport.ts';
import { adminKeys } from '../admin/queries.ts';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';
import type { RecordTeamAnswer } from './schemas.ts';

// An admin's "Team" of one approval request, document or package: which team it belongs to, and
// giving one of no team to a team. The route takes no Idempotency-Key: the same team again is a no-op.

export type TeamRecordKind = 'approval_request' | 'document' | 'package';

const BASE: Record<TeamRecordKind, string> = {
  approval_request: '/api/approval-requests',
  document: '/api/documents',
  package: '/api/packages',
};
// The lists and the record's own page (whose answer names its team, for a package).
const LISTS: Record<TeamRecordKind, readonly string[]> = {
  approval_request: ['approval-requests'],
  document: ['documents'],
  package: ['packages'],
};
const path = (kind: TeamRecordKind, id: string) => `${BASE[kind]}/${encodeURIComponent(id)}/team`;

export const recordTeamKey = (kind: TeamRecordKind, id: string) => ['teams', 'record', kind, id] as const;

export const recordTeamQuery = (kind: TeamRecordKind, id: string) =>
  queryOptions({
    queryKey: recordTeamKey(kind, id),
    queryFn: (ctx) => api<RecordTeamAnswer>(path(kind, id), via(ctx)),
  });

export function useAssignRecordTeam(
  kind: TeamRecordKind,
  id: string,
  handlers: KeyedMutationHandlers<string, RecordTeamAnswer> = {},
) {
  return useKeyedMutation({
    scope: `team-assign-${kind}`,
    request: (teamId: string) => api<RecordTeamAnswer>(path(kind, id), { method: 'POST', body: { team_id: teamId } }),
    // The team's members now see it in their lists; the audit log has the entry.
    invalidates: [recordTeamKey(kind, id), LISTS[kind], adminKeys.audit],
    ...handlers,
  });
}

import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { assignTeamSchema, type RecordTeamAnswer } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { assignRecordTeam, readRecordTeam } from '@/server/teams/assign-record';

// An admin's "Team" of one approval request. GET: the team it belongs to (null: none). POST: gives
// a request of no team (submitted before teams, or found at the API) to a team; refused (409) once
// it is another team's, the same team again is a no-op. Audited under the team.
const params = z.object({ id: idSchema });

export const GET = handler({ permission: 'users:admin', params }, async ({ params: p }) =>
  readRecordTeam(await db(), 'approval_request', p.id),
);

export const POST = handler(
  {
    permission: 'users:admin',
    params,
    body: assignTeamSchema,
    audit: {
      operation: 'approval_request.assign_team',
      targetType: 'approval_request',
      target: (p) => p.id,
      team: (_p, b) => b.team_id,
      details: (b, r) => ({ team_id: b.team_id, assigned: (r as RecordTeamAnswer | null)?.assigned }),
    },
  },
  async ({ params: p, body, user }) =>
    assignRecordTeam(await db(), { kind: 'approval_request', id: p.id, teamId: body.team_id, userId: user.id }),
);

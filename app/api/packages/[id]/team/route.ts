import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { assignTeamSchema, type RecordTeamAnswer } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { assignRecordTeam, readRecordTeam } from '@/server/teams/assign-record';

// An admin's "Team" of one package. GET: the team it belongs to (null: none). POST: gives a
// package of no team (sent before teams, or by other means) to a team: one the console sent
// through its send record, another noted in package_teams; refused (409) once it is another
// team's, the same team again is a no-op. Audited under the team.
const params = z.object({ id: idSchema });

export const GET = handler({ permission: 'users:admin', params }, async ({ params: p }) =>
  readRecordTeam(await db(), 'package', p.id),
);

export const POST = handler(
  {
    permission: 'users:admin',
    params,
    body: assignTeamSchema,
    audit: {
      operation: 'package.assign_team',
      targetType: 'signature_package',
      target: (p) => p.id,
      team: (_p, b) => b.team_id,
      details: (b, r) => ({ team_id: b.team_id, assigned: (r as RecordTeamAnswer | null)?.assigned }),
    },
  },
  async ({ params: p, body, user }) =>
    assignRecordTeam(await db(), { kind: 'package', id: p.id, teamId: body.team_id, userId: user.id }),
);

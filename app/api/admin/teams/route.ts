import { teamCreateSchema, type Team } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { createTeam } from '@/server/teams/change-teams';
import { readTeams } from '@/server/teams/team-store';

// GET: every team, active first, with its members and where each membership came from (admins).
export const GET = handler({ permission: 'users:admin' }, async () => ({ data: await readTeams(await db()) }));

// POST: a new team; a name an active team has (in any case) is 409.
export const POST = handler(
  {
    permission: 'users:admin',
    body: teamCreateSchema,
    audit: {
      operation: 'team.create',
      targetType: 'team',
      target: (_p, _b, r) => (r as Team | null)?.id,
      team: (_p, _b, r) => (r as Team | null)?.id,
      details: (b) => ({ name: b.name }),
    },
  },
  async ({ body }) => createTeam(await db(), body.name),
);

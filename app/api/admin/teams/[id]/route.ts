import { z } from 'zod';
import { teamIdSchema, teamRenameSchema } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { renameTeam } from '@/server/teams/change-teams';
import { readTeam } from '@/server/teams/team-store';

const params = z.object({ id: teamIdSchema });

// GET: one team with its members (admins).
export const GET = handler({ permission: 'users:admin', params }, async ({ params: p }) => readTeam(await db(), p.id));

// PATCH: renames a team; a name another active team has is 409, an archived team 409.
export const PATCH = handler(
  {
    permission: 'users:admin',
    params,
    body: teamRenameSchema,
    audit: {
      operation: 'team.rename',
      targetType: 'team',
      target: (p) => p.id,
      team: (p) => p.id,
      details: (b, r) => ({ from: (r as { from?: string } | null)?.from, to: b.name }),
    },
  },
  async ({ params: p, body }) => {
    const { team, from } = await renameTeam(await db(), p.id, body.name);
    return Object.assign(team, { from });
  },
);

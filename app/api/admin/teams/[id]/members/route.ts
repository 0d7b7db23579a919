import { z } from 'zod';
import { teamIdSchema, teamMemberAddSchema } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { addMember } from '@/server/teams/change-members';

// POST: adds a user to a team by hand; an unknown user is 404, one already in it changes nothing.
export const POST = handler(
  {
    permission: 'users:admin',
    params: z.object({ id: teamIdSchema }),
    body: teamMemberAddSchema,
    audit: {
      operation: 'team.member_add',
      targetType: 'team',
      target: (p) => p.id,
      team: (p) => p.id,
      details: (b) => ({ user_id: b.user_id }),
    },
  },
  async ({ params: p, body }) => addMember(await db(), p.id, body.user_id),
);

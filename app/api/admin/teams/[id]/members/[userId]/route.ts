import { z } from 'zod';
import { teamIdSchema } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { removeMember } from '@/server/teams/change-members';

const params = z.object({ id: teamIdSchema, userId: z.string().min(1).max(100) });

// DELETE: removes a hand-made membership; one the identity provider gave is 409 (change the group instead).
export const DELETE = handler(
  {
    permission: 'users:admin',
    params,
    audit: {
      operation: 'team.member_remove',
      targetType: 'team_member',
      target: (p) => `${p.id}/${p.userId}`,
      team: (p) => p.id,
    },
  },
  async ({ params: p }) => removeMember(await db(), p.id, p.userId),
);

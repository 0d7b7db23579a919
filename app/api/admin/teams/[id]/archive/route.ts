import { z } from 'zod';
import { teamIdSchema } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { archiveTeam } from '@/server/teams/change-teams';

// POST: archives a team (its records stay its; its members no longer see them through it). Twice is once.
export const POST = handler(
  {
    permission: 'users:admin',
    params: z.object({ id: teamIdSchema }),
    audit: { operation: 'team.archive', targetType: 'team', target: (p) => p.id, team: (p) => p.id },
  },
  async ({ params: p }) => archiveTeam(await db(), p.id),
);

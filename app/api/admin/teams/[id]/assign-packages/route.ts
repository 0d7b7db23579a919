import { z } from 'zod';
import { teamAssignPackagesSchema, teamIdSchema } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { assignPastPackages } from '@/server/teams/assign-packages';

// POST: assigns a sender's past packages of no team (and their batches) to this team, in one
// step; answers how many moved. Audited under the team, so its audit log shows the assignment.
export const POST = handler(
  {
    permission: 'users:admin',
    params: z.object({ id: teamIdSchema }),
    body: teamAssignPackagesSchema,
    audit: {
      operation: 'team.assign_packages',
      targetType: 'team',
      target: (p) => p.id,
      team: (p) => p.id,
      details: (b, r) => {
        const moved = r as { packages?: number; batches?: number } | null;
        return { user_id: b.user_id, packages: moved?.packages, batches: moved?.batches };
      },
    },
  },
  async ({ params: p, body }) => assignPastPackages(await db(), p.id, body.user_id),
);

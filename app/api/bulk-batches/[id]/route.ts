import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { readBatch } from '@/server/bulk/read-batches';

// GET: one of the user's batches with every row; anyone else's is 404.
export const GET = handler({ permission: 'packages:send', params: z.object({ id: idSchema }) }, async ({ user, params }) =>
  readBatch(await db(), user.id, params.id),
);

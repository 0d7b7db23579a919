import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { exportBatch } from '@/server/bulk/export-batch';

// GET: the batch's results as CSV, one line per spreadsheet row.
export const GET = handler({ permission: 'packages:read', params: z.object({ id: idSchema }) }, async ({ user, params }) =>
  exportBatch(await db(), user.id, params.id),
);

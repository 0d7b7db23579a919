import { z } from 'zod';
import { batchReadQuerySchema } from '@/lib/bulk/schemas';
import { idSchema } from '@/lib/list/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { deleteBatch } from '@/server/bulk/delete-batch';
import { readBatch } from '@/server/bulk/read-batches';

const params = z.object({ id: idSchema });

// GET: a batch the user may read (their own; any, for an admin; their team's) with every row,
// or with `?since=` the rows changed since that cursor (the batch page follows a batch in
// flight without reading it whole every time); any other is 404.
export const GET = handler(
  { permission: 'packages:read', params, query: batchReadQuerySchema },
  async ({ user, params: p, query }) =>
    readBatch(await db(), user.id, p.id, query.since === undefined ? undefined : Number(query.since)),
);

// DELETE: a settled batch (no row waiting or being sent), by its owner or an admin.
export const DELETE = handler(
  {
    permission: 'packages:send',
    params,
    audit: {
      operation: 'bulk.delete',
      targetType: 'bulk_batch',
      target: (p) => p.id,
    },
  },
  async ({ user, params: p }) => deleteBatch({ db: await db(), user, batchId: p.id }),
);

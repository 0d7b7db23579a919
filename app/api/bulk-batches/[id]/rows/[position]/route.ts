import { fixRowInputSchema } from '@/lib/bulk/schemas';
import { rowParamsSchema } from '@/lib/bulk/row-params';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { fixRow } from '@/server/bulk/change-row';

// PUT: the row's values, fixed by its sender before it is sent; checked by the single send's
// rules, and the row is reviewed again. Answers the batch.
export const PUT = handler(
  {
    permission: 'packages:send',
    params: rowParamsSchema,
    body: fixRowInputSchema,
    audit: { operation: 'bulk.fix_row', targetType: 'bulk_batch', target: (p) => p.id },
  },
  async ({ user, params, body }) =>
    fixRow({ db: await db(), userId: user.id, batchId: params.id, position: params.position, input: body }),
);

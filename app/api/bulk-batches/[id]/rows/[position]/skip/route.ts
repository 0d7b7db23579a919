import { skipRowInputSchema } from '@/lib/bulk/schemas';
import { rowParamsSchema } from '@/lib/bulk/row-params';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { skipRow } from '@/server/bulk/change-row';

// POST: `{ skipped: true }` leaves the row out of the batch (never sent); `false` takes it back
// in, to be reviewed again. Answers the batch.
export const POST = handler(
  {
    permission: 'packages:send',
    params: rowParamsSchema,
    body: skipRowInputSchema,
    audit: {
      operation: 'bulk.skip_row',
      targetType: 'bulk_batch',
      target: (p) => p.id,
      details: (b) => ({ skipped: b.skipped }),
    },
  },
  async ({ user, params, body }) =>
    skipRow({ db: await db(), userId: user.id, batchId: params.id, position: params.position, skipped: body.skipped }),
);

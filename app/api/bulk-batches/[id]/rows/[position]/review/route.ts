import { reviewRowInputSchema } from '@/lib/bulk/schemas';
import { rowParamsSchema } from '@/lib/bulk/row-params';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { reviewRow } from '@/server/bulk/review-row';

// POST: the sender confirms the row's current preview, with every page and section seen.
export const POST = handler(
  {
    permission: 'packages:send',
    params: rowParamsSchema,
    body: reviewRowInputSchema,
    audit: { operation: 'bulk.review_row', targetType: 'bulk_batch', target: (p) => p.id },
  },
  async ({ user, params, body }) =>
    reviewRow({ db: await db(), userId: user.id, batchId: params.id, position: params.position, input: body }),
);

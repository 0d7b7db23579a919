import { z } from 'zod';
import { rowParamsSchema } from '@/lib/bulk/row-params';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { previewRow } from '@/server/bulk/preview-row';

// POST: a new receipt for the row, made from the row's own values: the body is `{}`, so no
// value can be slipped in beside the ones the batch was checked with.
export const POST = handler(
  {
    permission: 'packages:send',
    params: rowParamsSchema,
    body: z.strictObject({}),
    audit: { operation: 'bulk.preview_row', targetType: 'bulk_batch', target: (p) => p.id },
  },
  async ({ user, params }) => previewRow({ db: await db(), userId: user.id, batchId: params.id, position: params.position }),
);

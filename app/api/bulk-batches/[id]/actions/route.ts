import { z } from 'zod';
import { batchActionSchema } from '@/lib/bulk/schemas';
import { idSchema } from '@/lib/list/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { changeBatch } from '@/server/bulk/change-batch';

// POST: pause, resume, cancel the rest, or retry the failed rows. Each is idempotent by
// nature (pausing a paused batch changes nothing), so no key is needed.
export const POST = handler(
  {
    permission: 'packages:send',
    params: z.object({ id: idSchema }),
    body: batchActionSchema,
    audit: { operation: 'bulk.change', targetType: 'bulk_batch', target: (p) => p.id, details: (b) => ({ action: b.action }) },
  },
  async ({ user, params, body }) => changeBatch({ db: await db(), userId: user.id, batchId: params.id, action: body.action }),
);

import { createBatchInputSchema } from '@/lib/bulk/schemas';
import { db } from '@/server/db';
import { env } from '@/server/env';
import { handler } from '@/server/http/handler';
import { createBatch } from '@/server/bulk/create-batch';
import { listBatches } from '@/server/bulk/read-batches';
import { getCatalogItem } from '@/server/signing-api/catalog';

// GET: the user's batches, with their rows counted by state.
export const GET = handler({ permission: 'packages:send' }, async ({ user }) => ({
  data: await listBatches(await db(), user.id),
}));

// POST: a batch of checked rows of one template (nothing goes to the API but the template's
// read, whose fields and slots decide the rows' rules). One batch per key; one more than
// BULK_BATCHES_PER_USER is refused.
export const POST = handler(
  {
    permission: 'packages:send',
    body: createBatchInputSchema,
    maxBodyBytes: 2_000_000,
    idempotency: 'required',
    audit: {
      operation: 'bulk.create',
      targetType: 'bulk_batch',
      target: (_p, _b, r) => (r as { id?: string } | null)?.id,
      details: (b) => ({ template_id: b.template_id, rows: b.rows.length }),
    },
  },
  async ({ body, user, idempotencyKey }) => {
    const template = await getCatalogItem('document-sign-templates', body.template_id, { fresh: true });
    const { BULK_BATCHES_PER_USER, BULK_BATCH_EXPIRY_DAYS } = env();
    return createBatch({
      db: await db(),
      userId: user.id,
      input: body,
      template,
      createKey: idempotencyKey!,
      limits: { batchesPerUser: BULK_BATCHES_PER_USER, expiryDays: BULK_BATCH_EXPIRY_DAYS },
    });
  },
);

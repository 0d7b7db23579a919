import { createBatchInputSchema } from '@/lib/bulk/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { createTemplateBatch } from '@/server/bulk/create-template-batch';
import { listBatches } from '@/server/bulk/read-batches';
import { teamForRecord } from '@/server/teams/team-for-record';
import { narrowScope } from '@/server/teams/scope';
import { teamFilterSchema } from '@/lib/teams/schemas';
import { z } from 'zod';

// GET: the user's batches, with their rows counted by state; team= narrows them to one team's.
export const GET = handler(
  { permission: 'packages:send', query: z.strictObject({ team: teamFilterSchema }) },
  async ({ user, query }) => {
    if (query.team) await narrowScope(query.team);
    return { data: await listBatches(await db(), user.id) };
  },
);

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
  async ({ body, user, idempotencyKey }) =>
    createTemplateBatch({
      userId: user.id,
      input: body,
      createKey: idempotencyKey!,
      teamId: await teamForRecord(await db(), user, body.team_id),
    }),
);

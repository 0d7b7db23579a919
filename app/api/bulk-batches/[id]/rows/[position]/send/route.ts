import { sendRowInputSchema } from '@/lib/bulk/schemas';
import { rowParamsSchema } from '@/lib/bulk/row-params';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { sendRow } from '@/server/bulk/send-row';

// POST: sends one reviewed row under the row's key (the intent journal keeps it, so a lost
// answer is confirmed by the same request); the package is the audit's target.
export const POST = handler(
  {
    permission: 'packages:send',
    params: rowParamsSchema,
    body: sendRowInputSchema,
    idempotency: 'required',
    audit: {
      operation: 'bulk.send_row',
      targetType: 'signature_package',
      target: (_p, _b, r) => (r as { package_id?: string | null } | null)?.package_id,
    },
  },
  async ({ user, params, body, idempotencyKey }) =>
    sendRow({
      db: await db(),
      userId: user.id,
      batchId: params.id,
      position: params.position,
      previewToken: body.preview_token,
      idempotencyKey: idempotencyKey!,
    }),
);

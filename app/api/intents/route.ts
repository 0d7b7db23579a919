import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { openIntents } from '@/server/intents/journal';
import { intentsQuerySchema, openIntentSchema } from '@/lib/intents/schemas';

// GET: the signed-in user's keyed actions whose outcome is not known yet (DESIGN.md section 6),
// with what was sent, so a reload, another tab or a restart resends the same request under
// the same Idempotency-Key instead of starting anew.
export const GET = handler({ permission: 'read', query: intentsQuerySchema }, async ({ user, query }) => ({
  data: (await openIntents(await db(), user.id, query.operation)).map((i) =>
    // Parsed on the way out: the browser's OpenIntent is this schema's type.
    openIntentSchema.parse({
      id: i.id,
      operation: i.operation,
      idempotency_key: i.idempotency_key,
      method: i.method,
      path: i.path,
      body: i.body === null ? null : (JSON.parse(i.body) as unknown),
      replayable: i.body !== null,
      state: i.state,
      status: i.status,
      error_code: i.error_code,
      created_at: i.created_at,
      updated_at: i.updated_at,
    }),
  ),
}));

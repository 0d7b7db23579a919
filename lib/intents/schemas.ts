import { z } from 'zod';

/** A keyed action whose outcome the console has not seen yet, as GET /api/intents answers it (server/intents/journal.ts). */
export const openIntentSchema = z.strictObject({
  id: z.string(),
  operation: z.string(),
  idempotency_key: z.string(),
  // Only keyed writes are journaled (server/http/handler.ts).
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string(),
  body: z.unknown(),
  /** false for uploads: the file was never kept, so only choosing it again can resend it */
  replayable: z.boolean(),
  state: z.enum(['pending', 'unknown']),
  status: z.number().nullable(),
  error_code: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OpenIntent = z.infer<typeof openIntentSchema>;

export const intentsQuerySchema = z.strictObject({ operation: z.string().regex(/^[a-z_]+\.[a-z_]+$/).max(60).optional() });

import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { recipientDeleteSchema, recipientUpdateSchema, type Recipient } from '@/lib/recipients/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { deleteRecipient } from '@/server/recipients/delete-recipient';
import { updateRecipient } from '@/server/recipients/update-recipient';

const params = z.object({ id: idSchema });

// PATCH: edits an entry over the version the page showed (changed since: 409 with what it
// holds; the same values again answer the entry as it is, so a repeated Save is harmless).
export const PATCH = handler(
  {
    permission: 'packages:send',
    params,
    body: recipientUpdateSchema,
    audit: {
      operation: 'recipient.update',
      targetType: 'recipient',
      target: (p) => p.id,
      details: (_b, r) => ({ email: (r as Recipient | null)?.email }),
    },
  },
  async ({ params: p, body }) => updateRecipient({ db: await db(), id: p.id, input: body }),
);

// DELETE: removes an entry as the page showed it; one gone already is 404, one changed since 409.
export const DELETE = handler(
  {
    permission: 'packages:send',
    params,
    body: recipientDeleteSchema,
    audit: {
      operation: 'recipient.delete',
      targetType: 'recipient',
      target: (p) => p.id,
      details: (_b, r) => ({ email: (r as { email?: string } | null)?.email }),
    },
  },
  async ({ params: p, body }) => deleteRecipient({ db: await db(), id: p.id, version: body.version }),
);

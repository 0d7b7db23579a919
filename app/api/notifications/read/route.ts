import { markReadSchema } from '@/lib/notifications/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { markRead } from '@/server/notifications/user-notifications';

// POST: marks the user's own notifications read, by id or all at once. Not audited: it changes
// nothing but what the bell shows the user.
export const POST = handler({ permission: 'read', body: markReadSchema, maxBodyBytes: 16 * 1024 }, async ({ user, body }) =>
  markRead(await db(), user.id, body, new Date()),
);

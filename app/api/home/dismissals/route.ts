import { homeDismissalSchema } from '@/lib/home/dismissal-schema';
import { db } from '@/server/db';
import { dismissHomeItem } from '@/server/home/home-dismissals';
import { handler } from '@/server/http/handler';

// POST: puts one of the user's own failures aside on home ("Went wrong"), for them alone.
export const POST = handler(
  {
    permission: 'read',
    body: homeDismissalSchema,
    maxBodyBytes: 1024,
    audit: { operation: 'home.dismiss', targetType: 'home_item', target: (_p, b) => b.key },
  },
  async ({ user, body }) => dismissHomeItem(await db(), user.id, body.key, new Date()),
);

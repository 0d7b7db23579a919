import { saveViewSchema } from '@/lib/saved-views/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { saveView, savedViewsOf } from '@/server/saved-views/saved-views';

// GET: the signed-in user's saved views. POST: keeps a filtered list under a name (the same
// name and filters again is the same view; the same name with other filters is 409).
export const GET = handler({ permission: 'read' }, async ({ user }) => ({ data: await savedViewsOf(await db(), user.id) }));

export const POST = handler(
  {
    permission: 'read',
    body: saveViewSchema,
    audit: {
      operation: 'saved_view.create',
      targetType: 'saved_view',
      target: (_p, _b, r) => (r as { id?: string } | null)?.id,
      details: (b) => ({ list: b.list, name: b.name }),
    },
  },
  async ({ user, body }) => (await saveView({ db: await db(), userId: user.id, roles: user.roles, input: body })).view,
);

import { saveViewSchema, type SavedView } from '@/lib/saved-views/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { saveView, savedViewsOf } from '@/server/saved-views/saved-views';

// GET: the signed-in user's saved views and those shared with their teams. POST: keeps a filtered
// list under a name, for its maker alone or shared with one of their teams (the same name, filters
// and sharing again is the same view; the same name otherwise is 409). A share is audited under its team.
export const GET = handler({ permission: 'read' }, async ({ user }) => ({ data: await savedViewsOf(await db(), user) }));

export const POST = handler(
  {
    permission: 'read',
    body: saveViewSchema,
    audit: {
      operation: 'saved_view.create',
      targetType: 'saved_view',
      target: (_p, _b, r) => (r as SavedView | null)?.id,
      details: (b) => ({ list: b.list, name: b.name, team_id: b.team_id ?? null }),
    },
  },
  async ({ user, body }) => (await saveView({ db: await db(), userId: user.id, roles: user.roles, input: body })).view,
);

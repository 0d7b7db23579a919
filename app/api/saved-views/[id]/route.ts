import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { updateViewSchema } from '@/lib/saved-views/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { deleteView, updateView } from '@/server/saved-views/saved-views';

// PATCH: renames a view or changes who sees it; DELETE: removes it. Its maker (or an admin of the
// team it is shared with) may; a member who only sees it is refused (403); one not seen is 404.
// Both are audited under the view's team.
const params = z.object({ id: idSchema });

export const PATCH = handler(
  {
    permission: 'read',
    params,
    body: updateViewSchema,
    audit: {
      operation: 'saved_view.update',
      targetType: 'saved_view',
      target: (p) => p.id,
      details: (b) => ({ name: b.name, team_id: b.team_id }),
    },
  },
  async ({ user, params: p, body }) => updateView(await db(), user, p.id, body),
);

export const DELETE = handler(
  {
    permission: 'read',
    params,
    audit: { operation: 'saved_view.delete', targetType: 'saved_view', target: (p) => p.id },
  },
  async ({ user, params: p }) => {
    await deleteView(await db(), user, p.id);
    return { deleted: p.id };
  },
);

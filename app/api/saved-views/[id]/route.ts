import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { deleteView } from '@/server/saved-views/saved-views';

// DELETE: one of the user's saved views; anyone else's is 404.
export const DELETE = handler(
  {
    permission: 'read',
    params: z.object({ id: idSchema }),
    audit: { operation: 'saved_view.delete', targetType: 'saved_view', target: (p) => p.id },
  },
  async ({ user, params }) => {
    await deleteView(await db(), user.id, params.id);
    return { deleted: params.id };
  },
);

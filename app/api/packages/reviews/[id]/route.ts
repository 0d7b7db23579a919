import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { reviewStartOf } from '@/server/send-records/open-reviews';

// GET: one of the user's own previews, as the send form starts from it again (home's "review
// about to lapse" leads here); anyone else's is 404.
export const GET = handler({ permission: 'packages:send', params: z.object({ id: idSchema }) }, async ({ user, params }) =>
  reviewStartOf(await db(), user.id, params.id),
);

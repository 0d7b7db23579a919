import { recipientsQuerySchema } from '@/lib/recipients/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { listRecipients } from '@/server/recipients/list-recipients';

// GET: the team's recipient book, most recently used first, searched by name or e-mail (q), paged.
export const GET = handler({ permission: 'packages:send', query: recipientsQuerySchema }, async ({ query }) =>
  listRecipients({ db: await db(), query }),
);

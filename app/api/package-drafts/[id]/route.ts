import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { DRAFT_BODY_LIMIT, updateDraftSchema } from '@/lib/package-drafts/schemas';
import { db } from '@/server/db';
import { deleteDraft } from '@/server/package-drafts/delete-draft';
import { getDraft } from '@/server/package-drafts/read-drafts';
import { updateDraft } from '@/server/package-drafts/update-draft';
import { handler } from '@/server/http/handler';

const params = z.object({ id: idSchema });

// GET: one of the user's drafts with its values; anyone else's is 404.
export const GET = handler({ permission: 'packages:send', params }, async ({ user, params: p }) =>
  getDraft(await db(), { userId: user.id, id: p.id }),
);

// PUT: the whole draft again with the version it was based on; a stale version is 409, never
// a silent overwrite.
export const PUT = handler(
  { permission: 'packages:send', params, body: updateDraftSchema, maxBodyBytes: DRAFT_BODY_LIMIT },
  async ({ user, params: p, body }) => updateDraft(await db(), { userId: user.id, id: p.id, input: body }),
);

// DELETE: removes the draft (Delete in the list, or the browser once it was sent).
export const DELETE = handler(
  {
    permission: 'packages:send',
    params,
    audit: { operation: 'package_draft.delete', targetType: 'package_draft', target: (p) => p.id },
  },
  async ({ user, params: p }) => deleteDraft(await db(), { userId: user.id, id: p.id }),
);

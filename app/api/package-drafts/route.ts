import { listQuerySchema } from '@/lib/list/schemas';
import { DRAFT_BODY_LIMIT, createDraftSchema } from '@/lib/package-drafts/schemas';
import { db } from '@/server/db';
import { createDraft } from '@/server/package-drafts/create-draft';
import { listDrafts } from '@/server/package-drafts/read-drafts';
import { handler } from '@/server/http/handler';

// Package drafts are the console's own records (no Signing API call), each user's alone, and
// for those who may send: a draft is a package not sent yet.

// GET: the signed-in user's drafts, most recently saved first, paged.
export const GET = handler(
  { permission: 'packages:send', query: listQuerySchema.pick({ page: true, size: true }).strict() },
  async ({ user, query }) => listDrafts(await db(), { userId: user.id, ...query }),
);

// POST: a new draft. An optional Idempotency-Key (one per Save click, kept for its retries)
// makes a repeated create answer the same draft instead of making a second one.
export const POST = handler(
  {
    permission: 'packages:send',
    body: createDraftSchema,
    maxBodyBytes: DRAFT_BODY_LIMIT,
    audit: {
      operation: 'package_draft.create',
      targetType: 'package_draft',
      target: (_p, _b, r) => (r as { id?: string } | null)?.id,
      details: (b) => ({
        template_id: b.template_id,
        ...(b.source_package_id ? { source_package_id: b.source_package_id } : {}),
      }),
    },
  },
  async ({ user, body, idempotencyKey }) =>
    (await createDraft(await db(), { userId: user.id, input: body, key: idempotencyKey })).draft,
);

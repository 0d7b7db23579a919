import 'server-only';
import { z } from 'zod';
import { idSchema, listQuerySchema } from '@/lib/list/schemas';
import type { Permission } from '@/lib/roles';
import { db } from '../db';
import { env } from '../env';
import { handler } from '../http/handler';
import { createDraft } from './create-draft';
import { deleteDraft } from './delete-draft';
import type { DraftInput, DraftKind, DraftMeta } from './draft-record';
import { getDraft, listDrafts } from './read-drafts';
import { updateDraft } from './update-draft';

interface DraftRoutes<V, S extends DraftMeta, C, U extends { version: number }> {
  kind: DraftKind<V, S>;
  /** who may keep drafts of this kind: those who may do what the draft is for */
  permission: Permission;
  create: z.ZodType<C>;
  update: z.ZodType<U>;
  maxBodyBytes: number;
  /** a body's draft content (its subject, named as the kind names it, and its values) */
  input(body: C | U): DraftInput<V>;
  /** the audit entries' operation prefix and target type: `package_draft` → package_draft.create, .delete */
  audited: string;
  /** what the create's audit entry keeps of the body */
  details(body: C): Record<string, unknown>;
}

const params = z.object({ id: idSchema });

/**
 * The routes of one kind of draft: `/api/<kind>-drafts` (GET a page, POST a new one) and
 * `/api/<kind>-drafts/{id}` (GET, PUT over a version, DELETE). Drafts are the console's own
 * records, each user's alone: no Signing API call. An optional Idempotency-Key on POST (one per
 * Save click) makes a repeated create answer the same draft; a stale version on PUT is 409,
 * never a silent overwrite.
 */
export function draftRoutes<V, S extends DraftMeta, C, U extends { version: number }>(o: DraftRoutes<V, S, C, U>) {
  const { kind, permission } = o;
  return {
    list: handler({ permission, query: listQuerySchema.pick({ page: true, size: true }).strict() }, async ({ user, query }) =>
      listDrafts(await db(), kind, { userId: user.id, ...query }),
    ),
    create: handler(
      {
        permission,
        body: o.create,
        maxBodyBytes: o.maxBodyBytes,
        audit: {
          operation: `${o.audited}.create`,
          targetType: o.audited,
          target: (_p, _b, r) => (r as { id?: string } | null)?.id,
          details: (b) => o.details(b),
        },
      },
      async ({ user, body, idempotencyKey }) =>
        (
          await createDraft(await db(), kind, {
            userId: user.id,
            input: o.input(body),
            key: idempotencyKey,
            body,
            limit: env().DRAFTS_PER_USER,
          })
        ).draft,
    ),
    read: handler({ permission, params }, async ({ user, params: p }) =>
      getDraft(await db(), kind, { userId: user.id, id: p.id }),
    ),
    update: handler({ permission, params, body: o.update, maxBodyBytes: o.maxBodyBytes }, async ({ user, params: p, body }) =>
      updateDraft(await db(), kind, { userId: user.id, id: p.id, version: body.version, input: o.input(body) }),
    ),
    remove: handler(
      { permission, params, audit: { operation: `${o.audited}.delete`, targetType: o.audited, target: (p) => p.id } },
      async ({ user, params: p }) => deleteDraft(await db(), kind, { userId: user.id, id: p.id }),
    ),
  };
}

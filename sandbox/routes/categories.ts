import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { json, type RouteDef } from '../http/context.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { CategoryRecord } from '../domain/catalog.ts';
import type { Services } from '../services.ts';
import { archiveRecord } from './archive.ts';

// Names are measured after trimming, so "  a  " cannot pass as a 5-character name.
// Control characters are refused: a category name is shown in lists and page titles.
const createBody = z.strictObject({
  name: z
    .string({ message: 'is required and must be a string' })
    .trim()
    .min(2, 'must be 2-100 characters')
    .max(100, 'must be 2-100 characters')
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
  description: z
    .string({ message: 'must be a string' })
    .max(500, 'must be at most 500 characters')
    .default('')
    .transform((d) => d.trim()),
});

const AUTHORIZED_ROLES: ReadonlySet<string> = new Set(['owner', 'admin']);

const fold = (name: string) => name.normalize('NFC').toLowerCase();

export function categoryRoutes(services: Services): RouteDef[] {
  const { records, clock } = services;
  const base = {
    method: 'POST',
    auth: 'key',
    scope: 'categories:write',
    management: true,
    idempotency: 'header',
    body: 'json',
  } as const;

  return [
    {
      ...base,
      id: 'categories.create',
      path: '/api/v1/categories',
      handler: (ctx) => {
        // Authority before the body: a member's key is refused whatever it sends.
        const role = ctx.key?.requesterRole ?? 'unknown';
        if (!AUTHORIZED_ROLES.has(role)) {
          throw forbidden(
            'REQUESTER_NOT_AUTHORIZED',
            `Creating a category needs an Owner or Admin requester; this key acts for a ${role}.`,
          );
        }
        const input = parseWith(createBody, assertJsonObject(ctx.body));
        const appId = ctx.appId!;
        // The name check, the insert and the stored reply commit together.
        return ctx.commit(() => {
          // Only active names are reserved: an archived category's name may be reused. Names
          // are unique among what this app sees (its own and the shared catalog), so another
          // app's category neither blocks the name nor shows up in the conflict.
          const taken = records
            .allVisible<CategoryRecord>('category', appId)
            .find((c) => c.status === 'active' && fold(c.name) === fold(input.name));
          if (taken) {
            throw conflict('CATEGORY_NAME_TAKEN', `An active category is already named "${taken.name}" (${taken.id}).`, [
              { path: 'name', message: 'already used by an active category', category_id: taken.id },
            ]);
          }
          const now = clock.iso();
          const category = records.insert<CategoryRecord>(
            'category',
            {
              id: `cat_${randomBytes(8).toString('hex')}`,
              name: input.name,
              description: input.description,
              status: 'active',
              created_at: now,
              updated_at: now,
              created_by_app_id: appId,
              archived_at: null,
              archive_reason: null,
            },
            appId,
          );
          // The API never creates a Request Form nor widens the key as a side effect.
          return json(200, { ...category, request_form_created: false, key_scope_expanded: false });
        });
      },
    },
    {
      ...base,
      id: 'categories.archive',
      path: '/api/v1/categories/:id/archive',
      handler: (ctx) => archiveRecord<CategoryRecord>(services, ctx, 'category', 'Category'),
    },
  ];
}

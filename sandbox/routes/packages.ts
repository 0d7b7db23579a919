import { z } from 'zod';
import { ApiError, notFound } from '../http/errors.ts';
import { json, type RouteDef } from '../http/context.ts';
import { LIST_PARAMS, listQuerySchema, paginate, parseQuery } from '../http/pagination.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { Services } from '../services.ts';
import { archivePackage } from '../domain/archive-package.ts';
import { packageTicker } from '../domain/package-lifecycle.ts';
import { createPreview, previewBody, resolvePreview } from '../domain/package-preview.ts';
import { previewPruner } from '../domain/prune-previews.ts';
import { PACKAGE_STATUSES, packageView, type PackageRecord } from '../domain/packages.ts';
import { sendPackage } from '../domain/send-package.ts';

const receiptBody = z.strictObject({
  template_id: z.string().min(1).max(100),
  preview_token: z.string().min(1).max(200),
});

const sendBody = receiptBody.extend({
  confirmed: z.boolean({ message: 'required: true once the sender has reviewed the preview' }),
});

const listQuery = listQuerySchema.extend({
  status: z.enum(PACKAGE_STATUSES, { message: `must be one of ${PACKAGE_STATUSES.join(', ')}` }).optional(),
  archived: z.literal('only', { message: 'the only accepted value is "only"' }).optional(),
});

const archiveBody = z.strictObject({
  reason: z.string().trim().min(5, 'must be 5-500 characters').max(500, 'must be 5-500 characters'),
});

/** The app key must own the package; another app's package is indistinguishable from none. */
function ownedPackage(services: Services, appId: string, id: string): PackageRecord {
  const pkg = services.records.getOwned<PackageRecord>('package', id, appId);
  if (!pkg) throw notFound(`Signature package ${id}`);
  return pkg;
}

// Preview, review, send, read and archive signature packages (spec section 4).
export function packageRoutes(services: Services): RouteDef[] {
  services.scheduler.register(packageTicker(services));
  services.scheduler.register(previewPruner(services));
  const create = { auth: 'key' as const, scope: 'packages:create' as const, body: 'json' as const };
  return [
    {
      ...create,
      id: 'packages.preview',
      method: 'POST',
      path: '/api/v1/signature-packages/preview',
      handler: async (ctx) =>
        json(200, await createPreview(services, ctx.appId!, parseWith(previewBody, assertJsonObject(ctx.body)))),
    },
    {
      ...create,
      id: 'packages.preview.document',
      method: 'POST',
      path: '/api/v1/signature-packages/preview/document',
      handler: (ctx) => {
        const input = parseWith(receiptBody, assertJsonObject(ctx.body));
        const preview = resolvePreview(services, ctx.appId!, input.template_id, input.preview_token);
        return {
          status: 200,
          raw: services.files.read(preview.file),
          contentType: 'application/pdf',
          headers: {
            'Cache-Control': 'no-store',
            'Content-Disposition': `inline; filename="preview-${preview.template_id}.pdf"`,
          },
        };
      },
    },
    {
      ...create,
      id: 'packages.send',
      method: 'POST',
      path: '/api/v1/signature-packages',
      idempotency: 'header',
      handler: (ctx) => {
        const input = parseWith(sendBody, assertJsonObject(ctx.body));
        if (!input.confirmed) {
          throw new ApiError(
            422,
            'CONFIRMATION_REQUIRED',
            'Set confirmed to true once the sender has reviewed the preview (PDF, values, recipients, expiry).',
            [{ path: 'confirmed', message: 'must be true' }],
          );
        }
        return ctx.commit(() =>
          json(201, packageView(sendPackage(services, ctx.appId!, input.template_id, input.preview_token))),
        );
      },
    },
    {
      id: 'packages.list',
      method: 'GET',
      path: '/api/v1/signature-packages',
      auth: 'key',
      scope: 'packages:read',
      query: [...LIST_PARAMS, 'status', 'archived'],
      handler: (ctx) => {
        const q = parseQuery(ctx.query, listQuery);
        const where = { archive_status: q.archived === 'only' ? 'archived' : 'active' };
        return json(
          200,
          paginate(services.records, 'package', { ...q, appId: ctx.appId!, where, newestFirst: true }, packageView),
        );
      },
    },
    {
      id: 'packages.get',
      method: 'GET',
      path: '/api/v1/signature-packages/:id',
      auth: 'key',
      scope: 'packages:read',
      handler: (ctx) => json(200, packageView(ownedPackage(services, ctx.appId!, ctx.params.id!))),
    },
    {
      id: 'packages.archive',
      method: 'POST',
      path: '/api/v1/signature-packages/:id/archive',
      auth: 'key',
      scope: 'packages:archive',
      idempotency: 'header',
      body: 'json',
      handler: (ctx) => {
        // Ownership before the body: another app's package answers 404 whatever is sent.
        ownedPackage(services, ctx.appId!, ctx.params.id!);
        const input = parseWith(archiveBody, assertJsonObject(ctx.body));
        return ctx.commit(() => json(200, packageView(archivePackage(services, ctx.appId!, ctx.params.id!, input.reason))));
      },
    },
  ];
}

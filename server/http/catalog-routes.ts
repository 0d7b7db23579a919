import 'server-only';
import { z } from 'zod';
import { archiveSchema } from '@/lib/catalog/schemas';
import { idSchema, listQuerySchema } from '@/lib/list/schemas';
import { archiveCatalogItem } from '../catalog/archive-catalog-item';
import { getCatalogItem, listCatalog, type ArchivableKind, type CatalogKind } from '../signing-api/catalog';
import { handler } from './handler';

const idParams = z.object({ id: idSchema });

/** GET list of a catalog collection, with the spec's filters for that collection. */
export function catalogList(kind: CatalogKind, filters: z.ZodRawShape = {}) {
  return handler({ permission: 'read', query: listQuerySchema.extend(filters).strict() }, ({ query }) => listCatalog(kind, query as Record<string, string | number | undefined>));
}

/** GET one record of a catalog collection. */
export function catalogItem(kind: CatalogKind) {
  return handler({ permission: 'read', params: idParams }, ({ params }) => getCatalogItem(kind, params.id));
}

/** POST archive with a reason: admins only, one Idempotency-Key per confirmation, audited. */
export function catalogArchive(kind: ArchivableKind, targetType: string) {
  return handler(
    {
      permission: 'catalog:admin',
      params: idParams,
      body: archiveSchema,
      idempotency: 'required',
      audit: { operation: `${targetType}.archive`, targetType, target: (p) => p.id, reason: (b) => b.reason },
    },
    ({ params, body, idempotencyKey }) => archiveCatalogItem({ kind, id: params.id, reason: body.reason, idempotencyKey: idempotencyKey! }),
  );
}

import 'server-only';
import { z } from 'zod';
import { archiveOf, type ArchivableKind, type CatalogKind } from '@/lib/catalog/kinds';
import { archiveSchema } from '@/lib/catalog/schemas';
import { idSchema } from '@/lib/list/schemas';
import { archiveCatalogItem } from '../catalog/archive-catalog-item';
import { catalogListQuerySchema } from '../catalog/kinds';
import { getCatalogItem, listCatalog } from '../signing-api/catalog';
import { handler } from './handler';

const idParams = z.object({ id: idSchema });

/** GET list of a catalog collection, with the spec's filters for that collection. */
export function catalogList(kind: CatalogKind) {
  return handler({ permission: 'read', query: catalogListQuerySchema(kind) }, ({ query }) =>
    listCatalog(kind, query as Record<string, string | number | undefined>),
  );
}

/** GET one record of a catalog collection. */
export function catalogItem(kind: CatalogKind) {
  return handler({ permission: 'read', params: idParams }, ({ params }) => getCatalogItem(kind, params.id));
}

/** POST archive with a reason: the kind's archivers only, one Idempotency-Key per confirmation, audited. */
export function catalogArchive(kind: ArchivableKind) {
  const { permission, auditTarget: targetType } = archiveOf(kind);
  return handler(
    {
      permission,
      params: idParams,
      body: archiveSchema,
      idempotency: 'required',
      audit: { operation: `${targetType}.archive`, targetType, target: (p) => p.id, reason: (b) => b.reason },
    },
    ({ params, body, idempotencyKey }) =>
      archiveCatalogItem({ kind, id: params.id, reason: body.reason, idempotencyKey: idempotencyKey! }),
  );
}

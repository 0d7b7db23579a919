import 'server-only';
import type { z } from 'zod';
import { CATALOG_KINDS, type CatalogKind } from '@/lib/catalog/kinds';
import { idSchema, listQuerySchema, statusFilter } from '@/lib/list/schemas';

// The server's part of the catalog-kind registry (lib/catalog/kinds.ts): what needs zod. The
// record schemas are the upstream resource's (server/signing-api/catalog.ts, CATALOG).

/** Each kind's list filters beyond page, size and q, as the spec's endpoint table names them. */
const LIST_FILTERS = {
  categories: { status: statusFilter },
  'request-templates': {},
  'approval-workflows': { status: statusFilter, category_id: idSchema.optional(), request_template_id: idSchema.optional() },
  'request-forms': {},
  'document-sign-templates': {},
} satisfies Record<CatalogKind, z.ZodRawShape>;

// Built once each: zod compiles a schema on its first parse.
const LIST_QUERIES = Object.fromEntries(CATALOG_KINDS.map((kind) => [kind, listQuerySchema.extend(LIST_FILTERS[kind]).strict()]));

/** What a kind's list route accepts: page, size, q and that kind's filters, nothing else. */
export const catalogListQuerySchema = (kind: CatalogKind) => LIST_QUERIES[kind]!;

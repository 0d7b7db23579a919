import 'server-only';
import type { z } from 'zod';
import type { ArchivableKind, CatalogKind } from '@/lib/catalog/kinds';
import {
  categoryCreatedSchema,
  categorySchema,
  releaseSchemaSchema,
  requestFormSchema,
  requestTemplateSchema,
  signTemplateSchema,
  workflowSchema,
} from '@/lib/catalog/schemas';
import { pageOf, type Page } from '@/lib/list/schemas';
import { callJson, send } from './client/client';

/** The schema of one record of each kind (lib/catalog/kinds.ts): its list, record and archive answers. */
export const CATALOG = {
  categories: categorySchema,
  'request-templates': requestTemplateSchema,
  'approval-workflows': workflowSchema,
  'request-forms': requestFormSchema,
  'document-sign-templates': signTemplateSchema,
} as const satisfies Record<CatalogKind, z.ZodType>;

type Query = Record<string, string | number | undefined>;

type Item<K extends CatalogKind> = z.output<(typeof CATALOG)[K]>;

// Return types spelled out (the schema parsed the record): inferred through the generic index
// they would stay opaque to callers.
export async function listCatalog<K extends CatalogKind>(
  kind: K,
  query: Query,
  opts: { fresh?: boolean } = {},
): Promise<Page<Item<K>>> {
  const item: (typeof CATALOG)[K] = CATALOG[kind];
  return (await callJson({ method: 'GET', path: `/${kind}`, query, fresh: opts.fresh }, pageOf(item))).data as Page<Item<K>>;
}

/** `fresh` for a read that decides something: never from the catalog cache. */
export async function getCatalogItem<K extends CatalogKind>(
  kind: K,
  id: string,
  opts: { fresh?: boolean } = {},
): Promise<Item<K>> {
  const item: (typeof CATALOG)[K] = CATALOG[kind];
  return (await callJson({ method: 'GET', path: `/${kind}/${encodeURIComponent(id)}`, fresh: opts.fresh }, item)).data as Item<K>;
}

export async function getSubmissionSchema(workflowId: string, release: string) {
  const path = `/approval-workflows/${encodeURIComponent(workflowId)}/releases/${encodeURIComponent(release)}/submission-schema`;
  return (await callJson({ method: 'GET', path }, releaseSchemaSchema)).data;
}

/** The template's source PDF, streamed through. */
export async function templateContent(id: string, version: string | undefined) {
  return send({ method: 'GET', path: `/document-sign-templates/${encodeURIComponent(id)}/content`, query: { version } });
}

/** POST /categories under the form's key. */
export async function postCategory(input: { name: string; description: string }, idempotencyKey: string) {
  return (await callJson({ method: 'POST', path: '/categories', json: input, idempotencyKey }, categoryCreatedSchema)).data;
}

/** POST /{kind}/{id}/archive with the reason, under the confirmation's key: the archived record. */
export async function postArchive<K extends ArchivableKind>(
  kind: K,
  id: string,
  reason: string,
  idempotencyKey: string,
): Promise<Item<K>> {
  const item: (typeof CATALOG)[K] = CATALOG[kind];
  const path = `/${kind}/${encodeURIComponent(id)}/archive`;
  return (await callJson({ method: 'POST', path, json: { reason }, idempotencyKey }, item)).data as Item<K>;
}

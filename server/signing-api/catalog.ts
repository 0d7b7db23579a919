import 'server-only';
import type { z } from 'zod';
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

/** The catalog collections: API path segment and the schema of one record. */
export const CATALOG = {
  categories: categorySchema,
  'request-templates': requestTemplateSchema,
  'approval-workflows': workflowSchema,
  'request-forms': requestFormSchema,
  'document-sign-templates': signTemplateSchema,
} as const;
export type CatalogKind = keyof typeof CATALOG;

type Query = Record<string, string | number | undefined>;

type Item<K extends CatalogKind> = z.output<(typeof CATALOG)[K]>;

// Return types spelled out (the schema parsed the record): inferred through the generic index
// they would stay opaque to callers.
export async function listCatalog<K extends CatalogKind>(kind: K, query: Query, opts: { fresh?: boolean } = {}): Promise<Page<Item<K>>> {
  const item: (typeof CATALOG)[K] = CATALOG[kind];
  return (await callJson({ method: 'GET', path: `/${kind}`, query, fresh: opts.fresh }, pageOf(item))).data as Page<Item<K>>;
}

/** `fresh` for a read that decides something: never from the catalog cache. */
export async function getCatalogItem<K extends CatalogKind>(kind: K, id: string, opts: { fresh?: boolean } = {}): Promise<Item<K>> {
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

const ARCHIVE_SCHEMA = {
  categories: categorySchema,
  'approval-workflows': workflowSchema,
  'request-forms': requestFormSchema,
} as const;
export type ArchivableKind = keyof typeof ARCHIVE_SCHEMA;

/** POST /{kind}/{id}/archive with the reason, under the confirmation's key. */
export async function postArchive(kind: ArchivableKind, id: string, reason: string, idempotencyKey: string) {
  const path = `/${kind}/${encodeURIComponent(id)}/archive`;
  return (await callJson({ method: 'POST', path, json: { reason }, idempotencyKey }, ARCHIVE_SCHEMA[kind])).data;
}

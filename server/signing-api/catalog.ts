import 'server-only';
import {
  categoryCreatedSchema,
  categorySchema,
  releaseSchemaSchema,
  requestFormSchema,
  requestTemplateSchema,
  signTemplateSchema,
  workflowSchema,
} from '@/lib/schemas/catalog';
import { pageOf } from '@/lib/schemas/list';
import { callJson, send } from './client';

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

export async function listCatalog<K extends CatalogKind>(kind: K, query: Query) {
  const item: (typeof CATALOG)[K] = CATALOG[kind];
  return (await callJson({ method: 'GET', path: `/${kind}`, query }, pageOf(item))).data;
}

export async function getCatalogItem<K extends CatalogKind>(kind: K, id: string) {
  const item: (typeof CATALOG)[K] = CATALOG[kind];
  return (await callJson({ method: 'GET', path: `/${kind}/${encodeURIComponent(id)}` }, item)).data;
}

export async function getSubmissionSchema(workflowId: string, release: string) {
  const path = `/approval-workflows/${encodeURIComponent(workflowId)}/releases/${encodeURIComponent(release)}/submission-schema`;
  return (await callJson({ method: 'GET', path }, releaseSchemaSchema)).data;
}

/** The template's source PDF, streamed through. */
export async function templateContent(id: string, version: string | undefined) {
  return send({ method: 'GET', path: `/document-sign-templates/${encodeURIComponent(id)}/content`, query: { version } });
}

export async function createCategory(input: { name: string; description: string }, idempotencyKey: string) {
  return (await callJson({ method: 'POST', path: '/categories', json: input, idempotencyKey }, categoryCreatedSchema)).data;
}

const ARCHIVE_SCHEMA = { categories: categorySchema, 'approval-workflows': workflowSchema, 'request-forms': requestFormSchema } as const;
export type ArchivableKind = keyof typeof ARCHIVE_SCHEMA;

export async function archiveCatalogItem(kind: ArchivableKind, id: string, reason: string, idempotencyKey: string) {
  const path = `/${kind}/${encodeURIComponent(id)}/archive`;
  return (await callJson({ method: 'POST', path, json: { reason }, idempotencyKey }, ARCHIVE_SCHEMA[kind])).data;
}

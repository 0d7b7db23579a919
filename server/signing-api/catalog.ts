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
} from '@/lib/schemas/catalog';
import { pageOf, type Page } from '@/lib/schemas/list';
import { callJson, send } from './client';
import { SigningApiError, explainingRefusal } from './errors';

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

export async function createCategory(input: { name: string; description: string }, idempotencyKey: string) {
  const call = callJson({ method: 'POST', path: '/categories', json: input, idempotencyKey }, categoryCreatedSchema);
  return (await explainingRefusal(call, [409, 422], (err) => nameTaken(input, err))).data;
}

const fold = (name: string) => name.trim().toLocaleLowerCase('en');

/**
 * A refused category told by a fresh read, not by the API's code: an active category of the
 * same name (compared without case) holds it. One with this very description may be this
 * very category, still being written under the same key: then there is nothing to explain.
 */
async function nameTaken(input: { name: string; description: string }, err: SigningApiError): Promise<SigningApiError | null> {
  const found = await listCatalog('categories', { q: input.name.trim(), size: 100 }, { fresh: true }).catch(() => null);
  const holder = found?.data.find((c) => c.status !== 'archived' && fold(c.name) === fold(input.name));
  if (!holder || holder.description === input.description) return null;
  return new SigningApiError(
    409,
    'CATEGORY_NAME_TAKEN',
    `An active category is already named “${holder.name}”.`,
    [{ path: 'name', message: `already used by the active category “${holder.name}”` }],
    null,
    err.requestId,
  );
}

const ARCHIVE_SCHEMA = {
  categories: categorySchema,
  'approval-workflows': workflowSchema,
  'request-forms': requestFormSchema,
} as const;
export type ArchivableKind = keyof typeof ARCHIVE_SCHEMA;

export async function archiveCatalogItem(kind: ArchivableKind, id: string, reason: string, idempotencyKey: string) {
  const path = `/${kind}/${encodeURIComponent(id)}/archive`;
  const call = callJson({ method: 'POST', path, json: { reason }, idempotencyKey }, ARCHIVE_SCHEMA[kind]);
  return (await explainingRefusal(call, [409], (err) => alreadyArchived(kind, id, err))).data;
}

/** WORKFLOW_IN_USE is the spec's own; any other 409 is explained by reading the item again. */
async function alreadyArchived(kind: ArchivableKind, id: string, err: SigningApiError): Promise<SigningApiError | null> {
  if (err.code === 'WORKFLOW_IN_USE') return null;
  const item = await getCatalogItem(kind, id, { fresh: true }).catch(() => null);
  if (item?.status !== 'archived') return null;
  const since = typeof item.archived_at === 'string' ? ` since ${item.archived_at}` : '';
  return new SigningApiError(409, 'ALREADY_ARCHIVED', `It is already archived${since}.`, [], null, err.requestId);
}

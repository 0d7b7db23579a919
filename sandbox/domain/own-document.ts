import type { Ctx } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { DocumentRecord } from './documents.ts';

/** The app's own document, or 404: another app's document is indistinguishable from none. */
export function ownDocument(services: Services, ctx: Ctx, id: string | undefined): DocumentRecord {
  const doc =
    id && ctx.appId
      ? services.records.list<DocumentRecord>('document', { appId: ctx.appId, where: { id }, page: 1, size: 1 }).data[0]
      : undefined;
  if (!doc) throw notFound('The document');
  return doc;
}

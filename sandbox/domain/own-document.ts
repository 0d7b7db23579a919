import type { Ctx } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { DocumentRecord } from './documents.ts';

/** The app's own document, or 404: another app's document is indistinguishable from none. */
export function ownDocument(services: Services, ctx: Ctx, id: string | undefined): DocumentRecord {
  const doc = id && ctx.appId ? services.records.getOwned<DocumentRecord>('document', id, ctx.appId) : undefined;
  if (!doc) throw notFound('The document');
  return doc;
}

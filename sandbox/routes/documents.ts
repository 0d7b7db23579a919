import { z } from 'zod';
import { json, type RouteDef } from '../http/context.ts';
import { conflict } from '../http/errors.ts';
import { LIST_PARAMS, listQuerySchema, paginate, parseQuery } from '../http/pagination.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import { documentFileName, type DocumentRecord } from '../domain/documents.ts';
import { ownDocument } from '../domain/own-document.ts';
import { uploadDocument } from '../domain/upload-document.ts';
import { forgetPageSizes } from '../pdf/page-sizes.ts';
import type { Services } from '../services.ts';

const listSchema = listQuerySchema.extend({
  logical_purpose: z.enum(['ATTACHMENT', 'SIGNATURE_TARGET'], { message: 'must be ATTACHMENT or SIGNATURE_TARGET' }).optional(),
});

const deleteBody = z.strictObject({
  reason: z.string().min(5, 'must be at least 5 characters').max(500, 'must be at most 500 characters'),
});

export function documentRoutes(services: Services): RouteDef[] {
  return [
    {
      id: 'documents.list',
      method: 'GET',
      path: '/api/v1/documents',
      auth: 'key',
      scope: 'documents:read',
      query: [...LIST_PARAMS, 'logical_purpose'],
      handler: (ctx) => {
        const q = parseQuery(ctx.query, listSchema);
        const where = q.logical_purpose ? { logical_purpose: q.logical_purpose } : undefined;
        return json(
          200,
          paginate<DocumentRecord>(services.records, 'document', { ...q, appId: ctx.appId!, where, newestFirst: true }),
        );
      },
    },
    {
      id: 'documents.get',
      method: 'GET',
      path: '/api/v1/documents/:id',
      auth: 'key',
      scope: 'documents:read',
      handler: (ctx) => json(200, ownDocument(services, ctx, ctx.params.id)),
    },
    {
      id: 'documents.upload',
      method: 'POST',
      path: '/api/v1/documents',
      auth: 'key',
      scope: 'documents:write',
      idempotency: 'header',
      body: 'stream',
      handler: (ctx) => uploadDocument(ctx, services),
    },
    {
      id: 'documents.delete',
      method: 'DELETE',
      path: '/api/v1/documents/:id',
      auth: 'key',
      scope: 'documents:delete',
      idempotency: 'header',
      body: 'json',
      handler: (ctx) => {
        // Ownership before the body: another app's document answers 404 whatever is sent.
        const doc = ownDocument(services, ctx, ctx.params.id);
        const input = parseWith(deleteBody, assertJsonObject(ctx.body));
        if (doc.protected) {
          throw conflict(
            'DOCUMENT_PROTECTED',
            `The document is evidence of a submitted request or package and cannot be deleted (${doc.protection_reason ?? 'protected evidence'}).`,
          );
        }
        // "Only eligible unused documents can be deleted": a reference from a request or
        // package that is not yet submitted still makes the document in use.
        if (doc.references.length > 0) {
          const users = doc.references.map((r) => `${r.kind} ${r.id}`).join(', ');
          throw conflict('DOCUMENT_IN_USE', `The document is used by ${users}; remove it there before deleting it.`);
        }
        const reply = ctx.commit(() => {
          services.records.delete('document', doc.id);
          return json(200, { id: doc.id, deleted: true });
        });
        // The file goes once the deletion is committed: a crash in between leaves an unused
        // file behind, never a document whose file is gone.
        services.files.remove(documentFileName(doc.id));
        forgetPageSizes(doc.id);
        ctx.log.info({ req_id: ctx.requestId, document_id: doc.id, reason: input.reason }, 'document deleted');
        return reply;
      },
    },
  ];
}

import { z } from 'zod';
import { LOGICAL_PURPOSES } from '@/lib/schemas/documents';
import { listQuerySchema } from '@/lib/schemas/list';
import { handler } from '@/server/http/handler';
import { HttpError } from '@/server/http/respond';
import { guardUploadBody } from '@/server/http/upload-stream';
import { SigningApiError } from '@/server/signing-api/errors';
import { listDocuments, uploadDocument } from '@/server/signing-api/documents';

// GET: the app's documents, paginated, with q and purpose.
export const GET = handler(
  { permission: 'documents:read', query: listQuerySchema.extend({ logical_purpose: z.enum(LOGICAL_PURPOSES).optional() }).strict() },
  ({ query }) => listDocuments(query),
);

// POST: streams one PDF to the API as it arrives (never parsed into memory), with
// the browser's Idempotency-Key for this upload so a retry never makes a second document.
export const POST = handler(
  {
    permission: 'documents:write',
    idempotency: 'required',
    audit: { operation: 'document.upload', targetType: 'document', target: (_p, _b, r) => (r as { id?: string } | null)?.id },
  },
  async ({ req, idempotencyKey }) => {
    const { body, contentType, contentLength, exceeded } = guardUploadBody(req);
    try {
      return await uploadDocument(body, contentType, contentLength, idempotencyKey!, req.signal);
    } catch (err) {
      // Cutting the stream surfaces upstream as a failed call: the byte count says why.
      if (exceeded() || (err instanceof SigningApiError && err.status === 413)) throw new HttpError(413, 'FILE_TOO_LARGE', 'The file is larger than 25 MB.');
      throw err;
    }
  },
);

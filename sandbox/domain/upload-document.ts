import { readFile } from 'node:fs/promises';
import type { Committed, Ctx } from '../http/context.ts';
import { json } from '../http/context.ts';
import { ApiError, validationFailed } from '../http/errors.ts';
import { Idempotency } from '../idempotency.ts';
import { inspectUpload } from '../pdf/inspect-upload.ts';
import { rememberPageSizes } from '../pdf/page-sizes.ts';
import { MAX_FILE_BYTES } from '../pdf/upload-limits.ts';
import type { Services } from '../services.ts';
import { documentFileName, newDocumentRecord, type LogicalPurpose } from './documents.ts';
import { newDocumentId, refuseUploadBody, sanitizeFileName } from './document-files.ts';
import { fileTooLarge, receiveUpload, type ReceivedUpload } from './receive-upload.ts';

export { MAX_FILE_BYTES };
// Content-Length counts the multipart framing too: boundaries, part headers (a long file
// name) and the logicalPurpose field. This allowance covers them with room to spare.
const MULTIPART_ALLOWANCE = 64 * 1024;
const MAX_BODY_BYTES = MAX_FILE_BYTES + MULTIPART_ALLOWANCE;
const BUSY_RETRY_AFTER_SECONDS = 2;
const PURPOSES: readonly LogicalPurpose[] = ['ATTACHMENT', 'SIGNATURE_TARGET'];

function checkBeforeReading(ctx: Ctx, services: Services): void {
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Uploads must be sent as multipart/form-data with one "file" part.');
  }
  const declared = ctx.req.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) throw fileTooLarge(MAX_FILE_BYTES);
  if (services.uploads.active >= services.uploads.capacity) {
    throw new ApiError(503, 'UPLOAD_BUSY', 'Upload capacity is exhausted; retry after the time in Retry-After.', undefined, {
      'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
    });
  }
}

function purposeOf(upload: ReceivedUpload): LogicalPurpose {
  const given = upload.fields.get('logicalPurpose');
  if (given === undefined) return 'ATTACHMENT';
  const purpose = PURPOSES.find((p) => p === given);
  if (!purpose) throw validationFailed([{ path: 'logicalPurpose', message: `must be one of ${PURPOSES.join(', ')}` }]);
  return purpose;
}

async function store(ctx: Ctx, services: Services, upload: ReceivedUpload): Promise<Committed> {
  const purpose = purposeOf(upload);
  const name = sanitizeFileName(upload.filename);
  const replay = ctx.setFingerprint(Idempotency.fingerprint('documents.upload', upload.sha256, purpose, name));
  if (replay) return replay;
  const inspected = await inspectUpload(await readFile(upload.tempPath));
  const id = newDocumentId();
  const record = newDocumentRecord(
    { id, name, logical_purpose: purpose, size_bytes: upload.size, page_count: inspected.pageCount, sha256: upload.sha256 },
    services.clock.iso(),
  );
  // The file is in place before the row that points at it commits, with its stored reply.
  services.files.adopt(upload.tempPath, documentFileName(id));
  let reply: Committed;
  try {
    reply = ctx.commit(() => {
      services.records.insert('document', record, ctx.appId);
      return json(200, record);
    });
  } catch (err) {
    services.files.remove(documentFileName(id));
    throw err;
  }
  rememberPageSizes(id, inspected.pageSizes);
  return reply;
}

/** POST /documents: stream, hash and inspect one PDF; nothing is kept unless it is accepted. */
export async function uploadDocument(ctx: Ctx, services: Services): Promise<Committed> {
  try {
    checkBeforeReading(ctx, services);
  } catch (err) {
    throw err instanceof ApiError ? await refuseUploadBody(ctx.req, err, MAX_BODY_BYTES) : err;
  }
  services.uploads.active++;
  try {
    const upload = await receiveUpload(ctx.req, services.files.tempPath(), {
      maxFileBytes: MAX_FILE_BYTES,
      maxBodyBytes: MAX_BODY_BYTES,
      fields: ['logicalPurpose'],
    }).catch(async (err: unknown) => {
      throw err instanceof ApiError ? await refuseUploadBody(ctx.req, err, MAX_BODY_BYTES) : err;
    });
    try {
      return await store(ctx, services, upload);
    } finally {
      services.files.remove(upload.tempPath);
    }
  } finally {
    services.uploads.active--;
  }
}

import 'server-only';
import { MAX_UPLOAD_BYTES } from '@/lib/schemas/documents';
import { HttpError } from './respond';

/** Multipart framing around the file: boundaries, part headers, the purpose field. */
const FRAMING_ALLOWANCE = 64 * 1024;
export const MAX_UPLOAD_BODY = MAX_UPLOAD_BYTES + FRAMING_ALLOWANCE;

class TooLargeWhileStreaming extends Error {}

/** Rejects by Content-Length before reading a byte, and counts bytes as they pass. */
export function guardUploadBody(req: Request): {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength: string | undefined;
  /** true once more bytes came than a 25 MB upload can have; the upstream call then fails */
  exceeded(): boolean;
} {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload one PDF as multipart/form-data.');
  }
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > MAX_UPLOAD_BODY) {
    throw new HttpError(413, 'FILE_TOO_LARGE', 'The file is larger than 25 MB.');
  }
  if (!req.body) throw new HttpError(422, 'VALIDATION_FAILED', 'Choose a PDF to upload.', [{ path: 'file', message: 'required' }]);
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > MAX_UPLOAD_BODY) controller.error(new TooLargeWhileStreaming());
      else controller.enqueue(chunk);
    },
  });
  return { body: req.body.pipeThrough(counter), contentType, contentLength: declared ?? undefined, exceeded: () => seen > MAX_UPLOAD_BODY };
}

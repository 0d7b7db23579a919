import 'server-only';
import { MAX_UPLOAD_BYTES } from '@/lib/documents/schemas';
import { ConsoleError } from '../errors';

/** Multipart framing around the file: boundaries, part headers, the purpose field. */
const FRAMING_ALLOWANCE = 64 * 1024;
export const MAX_UPLOAD_BODY = MAX_UPLOAD_BYTES + FRAMING_ALLOWANCE;

class TooLargeWhileStreaming extends Error {}

// Past the limit the rest of the body is read and dropped for a while before the connection
// goes: a client still writing when the 413 leaves would otherwise meet a reset (EPIPE) and
// never read why it was refused. Bounded, so a client that never stops costs little.
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const until = Date.now() + DRAIN_MAX_MS;
  let dropped = 0;
  try {
    while (dropped < DRAIN_MAX_BYTES && Date.now() < until) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away first
  }
}

/** An upload's body as it arrives, counted against the size limit. */
export interface GuardedUpload {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength: string | undefined;
  /** true once more bytes came than a 25 MB upload can have; the body then fails */
  exceeded(): boolean;
}

/** Rejects by Content-Length before reading a byte, and counts bytes as they pass. */
export function guardUploadBody(req: Request): GuardedUpload {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    throw new ConsoleError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload one PDF as multipart/form-data.');
  }
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > MAX_UPLOAD_BODY) {
    throw new ConsoleError(413, 'FILE_TOO_LARGE', 'The file is larger than 25 MB.');
  }
  if (!req.body) throw new ConsoleError(422, 'VALIDATION_FAILED', 'Choose a PDF to upload.', [{ path: 'file', message: 'required' }]);
  let seen = 0;
  const reader = req.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen <= MAX_UPLOAD_BODY) return controller.enqueue(value);
      controller.error(new TooLargeWhileStreaming());
      void drain(reader);
    },
    // The upstream call gave up (the API refused mid-stream, or the browser left): the rest is
    // dropped the same way, in the background, so the refusal still reaches a writing client.
    cancel: () => {
      void drain(reader);
    },
  });
  return { body, contentType, contentLength: declared ?? undefined, exceeded: () => seen > MAX_UPLOAD_BODY };
}

import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform, pipeline, type Readable } from 'node:stream';
import { ApiError, validationFailed } from '../http/errors.ts';
import { fileTooLarge } from '../pdf/upload-limits.ts';
import { FILE_MODE } from '../files.ts';

export interface UploadLimits {
  maxFileBytes: number;
  /** whole body: the file plus multipart framing and the small fields */
  maxBodyBytes: number;
  fields: readonly string[];
}

export interface ReceivedUpload {
  tempPath: string;
  sha256: string;
  size: number;
  /** the first bytes, for file-type detection without re-reading the file */
  head: Buffer;
  filename: string | undefined;
  fields: ReadonlyMap<string, string>;
}

const HEAD_BYTES = 4096;

// Defined beside the other upload limits, so the inspection refuses an oversized file the same way.
export { fileTooLarge };

const invalid = (path: string, message: string) => validationFailed([{ path, message }], `Invalid upload: ${message}.`);

// busboy decodes part names, file names and field values (with the part's own charset when
// it names one, UTF-8 otherwise) and writes U+FFFD where the bytes were not text. Such text is
// refused rather than stored with the damage in it; a U+FFFD the client meant cannot be told
// apart, and is damage already.
const notText = (path: string) =>
  new ApiError(400, 'MALFORMED_MULTIPART', `The multipart/form-data body is malformed: ${path} is not valid UTF-8.`, [
    { path, message: 'must be valid UTF-8' },
  ]);
const damaged = (...texts: (string | undefined)[]) => texts.some((t) => t?.includes('\uFFFD'));

/** Counts, hashes and keeps the head of the file while it streams to disk. */
function meter(maxFileBytes: number) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headSize = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxFileBytes) return done(fileTooLarge(maxFileBytes));
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
}

// Streams a multipart/form-data body: exactly one part named `file` goes to `tempPath`
// (never held in memory), small text fields are collected. On any failure the temporary
// file is gone before the promise rejects, so a failed upload leaves nothing behind.
export function receiveUpload(req: IncomingMessage, tempPath: string, limits: UploadLimits): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // One more field and part than allowed, so an extra one is reported by name rather than
        // silently dropped by busboy's limit.
        limits: { fields: limits.fields.length + 1, fieldSize: 1024, fieldNameSize: 100, parts: limits.fields.length + 2 },
      });
    } catch {
      reject(new ApiError(400, 'MALFORMED_MULTIPART', 'The multipart/form-data body has no usable boundary.'));
      return;
    }
    const fields = new Map<string, string>();
    let settled = false;
    let out: WriteStream | null = null;
    let fileDone: Promise<ReturnType<ReturnType<typeof meter>['result']>> | null = null;
    let filename: string | undefined;
    let bodyBytes = 0;

    const removeTemp = () =>
      new Promise<void>((done) => {
        const file = out;
        const rm = () => {
          rmSync(tempPath, { force: true });
          done();
        };
        if (!file || file.closed) return rm();
        file.once('close', rm);
        file.destroy();
      });
    const fail = (err: ApiError) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      void removeTemp().then(() => reject(err));
    };

    req.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > limits.maxBodyBytes) fail(fileTooLarge(limits.maxFileBytes));
    });
    req.on('close', () => {
      if (!req.complete)
        fail(new ApiError(400, 'UPLOAD_ABORTED', 'The client closed the connection before the upload finished.'));
    });

    bb.on('file', (name: string, stream: Readable, info: busboy.FileInfo) => {
      if (settled) return void stream.resume();
      if (damaged(name, info.filename)) {
        stream.resume();
        return fail(notText(damaged(name) ? 'a part name' : 'the file name'));
      }
      if (name !== 'file') return fail(invalid(name, `unexpected file part "${name}"; the file goes in the part named "file"`));
      if (fileDone) return fail(invalid('file', 'exactly one file is accepted, but more than one was sent'));
      filename = info.filename;
      const m = meter(limits.maxFileBytes);
      // Moved into place as the stored PDF (FileStore.adopt), keeping this mode.
      const file = createWriteStream(tempPath, { flags: 'wx', mode: FILE_MODE });
      out = file;
      fileDone = new Promise((done, failed) => {
        pipeline(stream, m.stream, file, (err) => (err ? failed(err) : done(m.result())));
      });
      fileDone.catch((err: unknown) => {
        stream.resume();
        fail(err instanceof ApiError ? err : new ApiError(500, 'UPLOAD_FAILED', 'The upload could not be stored.'));
      });
    });
    bb.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
      if (info.nameTruncated || info.valueTruncated) return fail(invalid(name, 'field is too long'));
      if (damaged(name, value)) return fail(notText(damaged(name) ? 'a field name' : name));
      if (!limits.fields.includes(name)) {
        const hint = name === 'file' ? 'the "file" part must be a file part with a filename' : `unknown field "${name}"`;
        return fail(invalid(name, hint));
      }
      if (fields.has(name)) return fail(invalid(name, `field "${name}" was sent more than once`));
      fields.set(name, value);
    });
    const tooManyParts = () => fail(invalid('', `too many parts; send one "file" and at most: ${limits.fields.join(', ')}`));
    bb.on('partsLimit', tooManyParts);
    bb.on('fieldsLimit', tooManyParts);
    bb.on('error', (err: unknown) => {
      const reason = err instanceof Error ? err.message : 'unreadable body';
      fail(new ApiError(400, 'MALFORMED_MULTIPART', `The multipart/form-data body is malformed (${reason}).`));
    });
    bb.on('close', () => {
      if (settled) return;
      if (!fileDone) return fail(invalid('file', 'a "file" part with one PDF is required'));
      fileDone.then(
        (meta) => {
          if (settled) return;
          settled = true;
          resolve({ tempPath, filename, fields, ...meta });
        },
        () => {}, // the rejection is reported by the catch registered with the pipeline
      );
    });
    req.pipe(bb);
  });
}

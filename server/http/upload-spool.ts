import 'server-only';
import { createReadStream } from 'node:fs';
import { lstat, mkdtemp, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { UPLOAD_INCOMPLETE, UPLOAD_TOO_SLOW } from '@/lib/upload/unsent-refusals';
import { ConsoleError } from '../errors';
import type { GuardedUpload } from './upload-stream';

// An upload's body is received whole into a temp file before the API sees a byte of it
// (issue 33): a client trickling its body then holds a file on our disk, never one of the
// API's upload slots, and the API gets the body at disk speed with its exact length. Memory
// stays flat (the body streams to disk with backpressure) and the size limit is checked as
// it streams (upload-stream.ts). The file is the owner's alone and always removed.

export interface SpooledUpload {
  contentType: string;
  /** the body's exact length in bytes */
  size: number;
  /** the body, read from the file afresh */
  open(): ReadableStream<Uint8Array>;
  /** removes the file; safe to call more than once */
  dispose(): Promise<void>;
}

const SPOOL_PREFIX = 'signdesk-upload-';
/** Older than this, a spool folder belongs to no upload still running (a process that died). */
const STALE_AFTER_MS = 60 * 60_000;
const swept = new Set<string>();

/**
 * Removes spool folders a process left when it died mid-upload. Safe beside other running
 * instances sharing the folder: no upload of theirs lasts an hour (10 minutes to arrive, 10
 * for the API). Answers the names removed.
 */
export async function sweepStaleSpools(under = tmpdir(), now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(under).catch(() => [])) {
    if (!name.startsWith(SPOOL_PREFIX)) continue;
    const path = join(under, name);
    const info = await lstat(path).catch(() => null);
    if (!info?.isDirectory() || now - info.mtimeMs < STALE_AFTER_MS) continue;
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}

/**
 * Receives the guarded body whole, within `deadlineMs`. Refusals: 413 past the size limit,
 * 408 UPLOAD_TOO_SLOW past the deadline, 400 UPLOAD_INCOMPLETE when the client went first
 * (nothing was sent; nobody reads the answer). A failure to write (a full disk) stays an error.
 */
export async function spoolUpload(
  upload: GuardedUpload,
  signal: AbortSignal,
  deadlineMs: number,
  under = tmpdir(),
): Promise<SpooledUpload> {
  if (!swept.has(under)) {
    swept.add(under);
    void sweepStaleSpools(under);
  }
  // A folder of its own (0700, a random name): nobody else can guess or open the file.
  const dir = await mkdtemp(join(under, SPOOL_PREFIX));
  const path = join(dir, 'body');
  const dispose = () => rm(dir, { recursive: true, force: true });
  const deadline = AbortSignal.timeout(deadlineMs);
  let writeError: unknown = null;
  try {
    const file = await open(path, 'wx', 0o600);
    try {
      const body = Readable.fromWeb(upload.body as NodeReadableStream<Uint8Array>);
      await pipeline(
        body,
        fileSink(file, (err) => (writeError = err)),
        { signal: AbortSignal.any([signal, deadline]) },
      );
    } finally {
      await file.close();
    }
    const { size } = await stat(path);
    // A body cut short without an error (the client gone) is not sent on as if whole.
    if (signal.aborted || (upload.contentLength !== undefined && size !== Number(upload.contentLength))) throw incomplete();
    return {
      contentType: upload.contentType,
      size,
      open: () => Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
      dispose,
    };
  } catch (err) {
    await dispose();
    if (upload.exceeded()) throw new ConsoleError(413, 'FILE_TOO_LARGE', 'The file is larger than 25 MB.');
    if (writeError) throw writeError;
    if (err instanceof ConsoleError) throw err;
    if (deadline.aborted && !signal.aborted)
      throw new ConsoleError(
        408,
        UPLOAD_TOO_SLOW,
        `The file did not arrive within ${Math.round(deadlineMs / 60_000)} minutes. Try again on a faster connection.`,
      );
    throw incomplete();
  }
}

/**
 * Writes into the open file, and tells its own failures (a full disk) apart: a stream that
 * pipeline() tears down is handed the body's error too, so its 'error' could not tell which.
 */
function fileSink(file: FileHandle, failed: (err: unknown) => void): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      writeAll(file, chunk).then(
        () => done(),
        (err: unknown) => {
          failed(err);
          done(err as Error);
        },
      );
    },
  });
}

async function writeAll(file: FileHandle, chunk: Buffer) {
  for (let at = 0; at < chunk.byteLength;) at += (await file.write(chunk, at, chunk.byteLength - at)).bytesWritten;
}

const incomplete = () =>
  new ConsoleError(
    400,
    UPLOAD_INCOMPLETE,
    'The upload stopped before the file arrived whole. Nothing was sent; upload it again.',
  );

import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../http/errors.ts';

/** 128 random bits: document ids are not guessable, so scoping cannot be probed by enumeration. */
export const newDocumentId = () => `doc_${randomBytes(16).toString('base64url')}`;

// Control and bidirectional-override characters are dropped so a stored name cannot spoof
// its extension in a UI ("invoice\u202Efdp.exe"); the name is display text, never a path.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME_CHARS = 200;

export function sanitizeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(UNSAFE_CHARS, '').replace(/\s+/g, ' ').trim();
  const cut = [...clean].slice(0, MAX_NAME_CHARS).join('');
  return cut === '' || /^\.+$/.test(cut) ? 'document.pdf' : cut;
}

// How long the rest of a refused body is awaited at most before the answer goes anyway.
const DRAIN_MS = 30_000;

// An upload refused before its body is read (wrong type, busy, a second file part, a wrong
// field) is answered once the rest of the body has been read and discarded. Answering first
// does not work: a client still sending meets the close that follows an answer with
// Connection: close (Node closes at once, unread bytes or not, and a close with unread bytes
// is a reset) as EPIPE/ECONNRESET instead of the answer, and an answer without it lets the
// client reuse a connection whose body it stopped sending. Once the body has ended nothing is
// unread and the connection stays usable. A body over `maxBodyBytes` (what an accepted upload
// may send: refusing costs no more than accepting) is never read to its end: it is answered at
// once, or when it passes the limit or DRAIN_MS, with Connection: close; its sender may meet
// a reset.
export function refuseUploadBody(req: IncomingMessage, err: ApiError, maxBodyBytes: number): Promise<ApiError> {
  const closing = () => new ApiError(err.status, err.code, err.message, err.details, { ...err.headers, Connection: 'close' });
  if (req.complete) return Promise.resolve(err);
  if (err.status === 413 || Number(req.headers['content-length']) > maxBodyBytes) return Promise.resolve(closing());
  return new Promise((resolve) => {
    let discarded = 0;
    const answer = (reply: ApiError) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(reply);
    };
    const stop = () => {
      req.pause();
      answer(closing());
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > maxBodyBytes) stop();
    };
    const onEnd = () => answer(err);
    // The client went away: nobody reads the answer, which must still settle the request.
    const onClose = () => answer(closing());
    const timer = setTimeout(stop, DRAIN_MS);
    req.on('data', onData).once('end', onEnd).once('close', onClose);
    req.resume();
  });
}

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

const LINGER_MS = 2000;
const LINGER_BYTES = 4 * 1024 * 1024;

// When an upload is refused before its body is read, the rest of the body is discarded for
// a short while (so the client gets to read the answer instead of a connection reset while
// it is still sending), then the connection is closed: an oversized body is never read to
// its end. Past the byte allowance reading stops instead of the socket closing at once: a
// close with unread bytes is a reset, and a reset can erase the answer from the client's
// receive buffer before it has read it; a paused socket only holds the sender back.
export function refuseUploadBody(req: IncomingMessage, err: ApiError): ApiError {
  if (req.complete) return err;
  let discarded = 0;
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) req.pause();
  });
  req.on('close', () => clearTimeout(timer));
  req.resume();
  return new ApiError(err.status, err.code, err.message, err.details, { ...err.headers, Connection: 'close' });
}

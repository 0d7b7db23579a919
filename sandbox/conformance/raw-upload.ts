import { request, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { standardRetryAfter } from './dialect-view.ts';
import { SUITE_DIALECT, bodyOf } from './harness.ts';

// node:http instead of fetch for uploads whose timing matters: a body written in pieces (held
// open to occupy upload capacity), chunked without Content-Length, or refused by the server
// before it is fully sent (the answer must still be readable).
export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary JSON
  text: string;
}

export interface OpenUpload {
  req: ClientRequest;
  /** resolves with the answer, even when the server answered before the body was sent */
  reply: Promise<RawReply>;
  /** writes a chunk, waiting for the socket to drain; false once the server has stopped reading */
  write(chunk: Buffer): Promise<boolean>;
  end(chunk?: Buffer): void;
}

export function openUpload(baseUrl: string, path: string, headers: Record<string, string>): OpenUpload {
  const req = request(`${baseUrl}${path}`, { method: 'POST', headers });
  let answered = false;
  // The server may answer while a write waits for 'drain' that will never come.
  const waiting = new Set<() => void>();
  const reply = new Promise<RawReply>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      for (const release of waiting) release();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const wait = standardRetryAfter(SUITE_DIALECT, res.headers['retry-after'] ?? null, res.headers.date ?? null);
        const headers = wait === null ? res.headers : { ...res.headers, 'retry-after': wait };
        resolve({ status: res.statusCode ?? 0, headers, text, body: bodyOf(res.statusCode ?? 0, res.headers['content-type'], text) });
      });
      res.on('error', reject);
    });
    // A reset while still sending is expected once the server has answered and stopped reading.
    req.on('error', (err) => {
      if (!answered) setTimeout(() => (answered ? undefined : reject(err)), 200);
    });
  });
  const alive = () => !req.destroyed && !answered;
  return {
    req,
    reply,
    write: (chunk) =>
      new Promise<boolean>((resolve) => {
        if (!alive()) return resolve(false);
        if (req.write(chunk)) return resolve(alive());
        const done = () => {
          req.off('drain', done);
          req.off('close', done);
          waiting.delete(done);
          resolve(alive());
        };
        req.on('drain', done);
        req.on('close', done);
        waiting.add(done);
      }),
    end: (chunk) => {
      if (!req.destroyed) req.end(chunk);
    },
  };
}

/** Sends `body` in pieces of `chunkSize` until it is all sent or the server stops reading. */
export async function streamUpload(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  chunkSize = 256 * 1024,
): Promise<RawReply & { sentBytes: number }> {
  const upload = openUpload(baseUrl, path, headers);
  let sentBytes = 0;
  for (let at = 0; at < body.length; at += chunkSize) {
    if (!(await upload.write(body.subarray(at, at + chunkSize)))) break;
    sentBytes += Math.min(chunkSize, body.length - at);
  }
  upload.end();
  return { ...(await upload.reply), sentBytes };
}

// No `import 'server-only'`: scripts/console-server.ts loads this under plain node.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { keepDocument, nonceOf } from './kept-documents';
import type { RequestRecord } from './request-record';

/**
 * A request proxy.ts may answer from a kept document (server/home/kept-home.ts decides), told
 * from its headers as the browser sent them: Next takes its router's headers off the request
 * before proxy.ts sees it, and a client navigation asks the same path for flight data.
 */
const isHomeDocumentRequest = ({ method, url, headers }: Pick<IncomingMessage, 'method' | 'url' | 'headers'>) =>
  method === 'GET' &&
  url === '/' &&
  headers.rsc === undefined &&
  headers['next-router-prefetch'] === undefined &&
  headers['next-router-state-tree'] === undefined &&
  headers['next-action'] === undefined;

// Headers that belong to one answer (or that Next's configuration adds to every answer again).
const NOT_KEPT = new Set([
  'content-security-policy',
  'strict-transport-security',
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
]);
const MAX_BYTES = 512 * 1024;

/**
 * Home's document as Next renders it, kept when proxy.ts named a key for it (the record's
 * `keepDocumentAs`: a signed-in person whose document was not kept yet). Home's document goes
 * out uncompressed, so that what is kept is the page itself (25 KB; a proxy in front compresses).
 */
export function captureHomeDocument(req: IncomingMessage, res: ServerResponse, record: RequestRecord): void {
  if (!isHomeDocumentRequest(req)) return;
  record.homeDocument = true;
  delete req.headers['accept-encoding'];
  const chunks: Buffer[] = [];
  let bytes = 0;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || bytes > MAX_BYTES) return;
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof res.end;
  res.once('finish', () => {
    const key = record.keepDocumentAs;
    if (!key || res.statusCode !== 200 || bytes > MAX_BYTES || res.getHeader('content-encoding')) return;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || NOT_KEPT.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const nonce = nonceOf(String(res.getHeader('content-security-policy') ?? ''));
    if (!nonce || !/^text\/html/.test(headers['content-type'] ?? '')) return;
    keepDocument(key, { html: Buffer.concat(chunks).toString('utf8'), nonce, headers, keptAt: Date.now() });
  });
}

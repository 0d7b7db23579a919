// No `import 'server-only'`: scripts/console-server.ts loads this under plain node.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestCookies } from 'next/dist/compiled/@edge-runtime/cookies/index.js';
import { createNonce, HSTS, pageCsp, servedOverHttps } from '../../lib/security/csp';
import { SECURITY_HEADERS } from '../../lib/security/headers';
import { keepDocument, keptHomeAnswerer, nonceOf, withNonce, type HomeDocumentRequest } from './kept-documents';
import type { RequestRecord } from './request-record';

/**
 * A plain request for Home's document, told from its headers as the browser sent them: a client
 * navigation asks the same path for flight data, and a query may change what the page shows.
 */
export const isHomeDocumentRequest = ({ method, url, headers }: Pick<IncomingMessage, 'method' | 'url' | 'headers'>) =>
  method === 'GET' &&
  url === '/' &&
  headers.rsc === undefined &&
  headers['next-router-prefetch'] === undefined &&
  headers['next-router-state-tree'] === undefined &&
  headers['next-action'] === undefined;

/**
 * The raw request as a session check reads it (server/auth/session.ts), its cookies parsed by
 * the parser Next itself uses, so that the reader checked here is the reader Next renders for.
 */
function asSessionSource(req: IncomingMessage): HomeDocumentRequest {
  const header = (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  const jar = new RequestCookies(new Headers(header('cookie') === null ? {} : { cookie: header('cookie')! }));
  return { headers: { get: header }, cookies: { get: (name) => jar.get(name) } };
}

/**
 * Answers a plain request for Home's document from the document kept for this reader, with a
 * nonce and policy of its own (what proxy.ts gives every page) and the headers Next's
 * configuration adds: true when answered. Otherwise Next renders it, uncompressed, and what it
 * renders is kept under the key Home's code gave (server/home/kept-home.ts), if it gave one.
 */
export async function answerHomeDocument(req: IncomingMessage, res: ServerResponse, record: RequestRecord): Promise<boolean> {
  const answerer = keptHomeAnswerer();
  const answer = answerer ? await answerer(asSessionSource(req)).catch(() => null) : null;
  if (answer?.kind === 'kept') {
    const nonce = createNonce();
    const body = withNonce(answer.document, nonce);
    const headers: Record<string, string> = {
      ...answer.document.headers,
      ...Object.fromEntries(SECURITY_HEADERS.map((h) => [h.key.toLowerCase(), h.value])),
      'content-security-policy': pageCsp(nonce),
      'content-length': String(Buffer.byteLength(body)),
      // Says which answers were kept, for whoever measures (bench/load.ts).
      'server-timing': 'home;desc="kept"',
    };
    const proto = req.headers['x-forwarded-proto'];
    if (servedOverHttps({ protocol: 'http:', headers: new Headers(proto ? { 'x-forwarded-proto': String(proto) } : {}) }))
      headers['strict-transport-security'] = HSTS;
    record.userId = answer.userId;
    record.route = '/';
    res.writeHead(200, headers);
    res.end(body);
    return true;
  }
  // What is kept is the page itself: Next compresses only when asked to (a proxy in front compresses it).
  delete req.headers['accept-encoding'];
  if (answer?.kind === 'render' && answer.keepAs && answer.userId)
    keepWhatIsRendered(res, record, { key: answer.keepAs, userId: answer.userId });
  return false;
}

// Headers that belong to one answer, or that are written afresh for each (above).
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
  ...SECURITY_HEADERS.map((h) => h.key.toLowerCase()),
]);
const MAX_BYTES = 512 * 1024;

/**
 * Keeps Next's answer under `key` once it has ended well: a whole HTML page with its nonce, that
 * Home said it rendered for this very reader (a render streamed before an error still answers
 * 200, and the reader Next rendered for is the one whose session Next read).
 */
function keepWhatIsRendered(res: ServerResponse, record: RequestRecord, { key, userId }: { key: string; userId: string }): void {
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
    if (res.statusCode !== 200 || bytes > MAX_BYTES || res.getHeader('content-encoding')) return;
    if (record.homeRenderedFor !== userId || record.databaseUnavailable) return;
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

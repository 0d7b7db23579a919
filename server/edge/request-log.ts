// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RequestRecord } from './request-record.ts';
import { CLIENT_ADDRESS_HEADER } from './forwarded.ts';

// One log line per request, written when its answer has ended (REQUEST_LOG=false turns them
// off): what an operator asks of a slow or failing minute. No query string, headers or bodies:
// they carry what users typed and receipts.

/** A page that met the database out of reach is told to wait, like the API routes (server/http/respond.ts). */
const DATABASE_RETRY_AFTER_S = '5';

export function logRequests(
  req: IncomingMessage,
  res: ServerResponse,
  o: { record: RequestRecord; log: Logger; enabled: boolean },
) {
  const started = process.hrtime.bigint();
  let bytesOut = 0;
  const { record } = o;
  // An outage met by a page renders its error page with a 500; the answer is a 503 to wait out.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (record.databaseUnavailable && status >= 500) {
      res.setHeader('Retry-After', DATABASE_RETRY_AFTER_S);
      return writeHead(503, ...rest);
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
  if (!o.enabled) return;
  const count = (chunk: unknown) => {
    if (typeof chunk === 'string') bytesOut += Buffer.byteLength(chunk);
    else if (chunk instanceof Uint8Array) bytesOut += chunk.byteLength;
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    count(chunk);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') count(chunk);
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  res.once('close', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    o.log.info(
      {
        method: req.method,
        route: record.route ?? null,
        path: (req.url ?? '').split('?')[0],
        status: res.statusCode,
        // the browser went before the answer was whole
        ...(res.writableFinished ? {} : { aborted: true }),
        duration_ms: Math.round(ms * 10) / 10,
        request_id: record.requestId ?? null,
        user_id: record.userId ?? null,
        upstream_calls: record.upstreamCalls,
        bytes_in: Number(req.headers['content-length'] ?? 0) || 0,
        bytes_out: bytesOut,
        client: req.headers[CLIENT_ADDRESS_HEADER] ?? null,
      },
      'request',
    );
  });
}

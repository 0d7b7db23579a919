// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws); it uses node:http, so a browser import fails the build anyway.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EDGE_ANSWER_HEADERS } from '../../lib/security/headers.ts';

// Deadlines for request bodies. Node's own request timeout is one deadline for every request,
// and the console needs two kinds: a JSON body is a few kilobytes and is due within
// jsonMs, while an upload may be 25 MB over a slow link and only has to keep
// moving (at least minBytes in every windowMs). Without them a client sending a
// byte every few seconds holds a connection (and a route's attention) for minutes.
export interface BodyLimits {
  /** headers must have arrived within this */
  headersMs: number;
  /** a non-upload body must have arrived whole within this */
  jsonMs: number;
  /** an upload must move at least minBytes in every window of this length */
  windowMs: number;
  minBytes: number;
}

export const DEFAULT_LIMITS: BodyLimits = { headersMs: 10_000, jsonMs: 30_000, windowMs: 10_000, minBytes: 16 * 1024 };

/** The limits, with REQUEST_HEADERS_TIMEOUT_MS / REQUEST_BODY_TIMEOUT_MS / UPLOAD_STALL_MS read from the environment. */
export function bodyLimits(source: Record<string, string | undefined>): BodyLimits {
  const ms = (name: string, fallback: number) => {
    const text = source[name]?.trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 100 || value > 600_000)
      throw new Error(`${name}: "${text}" must be a whole number of milliseconds from 100 to 600000`);
    return value;
  };
  return {
    headersMs: ms('REQUEST_HEADERS_TIMEOUT_MS', DEFAULT_LIMITS.headersMs),
    jsonMs: ms('REQUEST_BODY_TIMEOUT_MS', DEFAULT_LIMITS.jsonMs),
    windowMs: ms('UPLOAD_STALL_MS', DEFAULT_LIMITS.windowMs),
    minBytes: DEFAULT_LIMITS.minBytes,
  };
}

/** Routes whose bodies are file uploads streamed to the API (DESIGN.md section 7). */
const isUpload = (req: IncomingMessage) => req.method === 'POST' && (req.url ?? '').split('?')[0] === '/api/documents';

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** Answers 408 on the raw socket and closes it; whatever the route writes later goes nowhere. */
function refuse(req: IncomingMessage, res: ServerResponse, message: string) {
  if (!res.headersSent) {
    const body = JSON.stringify({ error: { code: 'REQUEST_TIMEOUT', message, details: [] } });
    const headers = Object.entries({ ...EDGE_ANSWER_HEADERS, 'Content-Type': 'application/json', Connection: 'close' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    req.socket.end(`HTTP/1.1 408 Request Timeout\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  req.socket.destroySoon();
}

/** Watches one request's body until it ends; call before the request is handed on. */
export function guardBody(req: IncomingMessage, res: ServerResponse, limits: BodyLimits) {
  if (!hasBody(req)) return;
  let timer: NodeJS.Timeout;
  if (isUpload(req)) {
    // Counted on the socket: a 'data' listener on the request would start it flowing before the
    // route reads it. Bytes waiting unread on our side mean the API is the slow one, not the client.
    let mark = req.socket.bytesRead;
    timer = setInterval(() => {
      const received = req.socket.bytesRead - mark;
      mark = req.socket.bytesRead;
      if (received < limits.minBytes && req.readableLength === 0)
        refuse(
          req,
          res,
          `The upload stalled: less than ${Math.round(limits.minBytes / 1024)} KiB arrived in ${limits.windowMs / 1000} s.`,
        );
    }, limits.windowMs);
  } else {
    timer = setTimeout(
      () => refuse(req, res, `The request body did not arrive within ${limits.jsonMs / 1000} s.`),
      limits.jsonMs,
    );
  }
  const stop = () => clearTimeout(timer);
  req.once('end', stop);
  req.once('close', stop);
}

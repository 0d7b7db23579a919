import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A deliberately bad network between the console and the Signing API (issue 13). Every
// /api/v1 request is, at the configured rates: dropped before it is forwarded (the socket is
// cut, the API never sees it), forwarded and its answer lost (the API commits, the console
// sees a reset), answered 503 by the proxy itself (half of them with Retry-After), or passed.
// The control plane (/__sandbox) always passes: the bench's own view of the world stays clean.

export interface LossRates {
  drop: number;
  loseAnswer: number;
  unavailable: number;
}

export type Fate = 'pass' | 'drop' | 'lose_answer' | 'unavailable' | 'upstream_down';

export interface LossyProxy {
  port: number;
  /** what happened to the requests so far, by fate */
  stats: Record<Fate, number>;
  /** false: every request passes (the verdict's reads, and quiet periods) */
  setLossy(on: boolean): void;
  close(): Promise<void>;
}

function chooseFate(rates: LossRates, roll: number): Fate {
  if (roll < rates.drop) return 'drop';
  if (roll < rates.drop + rates.loseAnswer) return 'lose_answer';
  if (roll < rates.drop + rates.loseAnswer + rates.unavailable) return 'unavailable';
  return 'pass';
}

function unavailable(res: ServerResponse, withRetryAfter: boolean) {
  // A proxy's own 503 is rarely the API's JSON shape: the console must cope with plain text.
  res.writeHead(503, { 'content-type': 'text/plain', ...(withRetryAfter ? { 'retry-after': '1' } : {}) });
  res.end('Service Unavailable (lossy proxy)');
}

/** Forwards one request; `loseAnswer` reads the whole answer (the write is done) and then cuts the client off. */
function forward(req: IncomingMessage, res: ServerResponse, upstreamPort: number, loseAnswer: boolean, onDown: () => void) {
  const up = request(
    { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      if (loseAnswer) {
        answer.resume();
        answer.once('end', () => res.socket?.destroy());
        answer.once('error', () => res.socket?.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.once('error', () => res.socket?.destroy());
    },
  );
  up.once('error', () => {
    // The API is down (a kill -9): answer as a real reverse proxy would, with a 502.
    onDown();
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad Gateway (lossy proxy: upstream unreachable)');
    } else res.socket?.destroy();
  });
  req.pipe(up);
  req.once('error', () => up.destroy());
}

export function startLossyProxy(opts: {
  port: number;
  upstreamPort: number;
  rates: LossRates;
  random?: () => number;
}): Promise<LossyProxy> {
  const random = opts.random ?? Math.random;
  const stats: Record<Fate, number> = { pass: 0, drop: 0, lose_answer: 0, unavailable: 0, upstream_down: 0 };
  let lossy = true;
  const server: Server = createServer((req, res) => {
    const fate = lossy && req.url?.startsWith('/api/v1/') ? chooseFate(opts.rates, random()) : 'pass';
    stats[fate] += 1;
    const down = () => (stats.upstream_down += 1);
    if (fate === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fate === 'unavailable') {
      // Read the body first, so the client is not cut off mid-send by an early answer.
      req.resume();
      req.once('end', () => unavailable(res, random() < 0.5));
      return;
    }
    forward(req, res, opts.upstreamPort, fate === 'lose_answer', down);
  });
  // Keep-alive sockets of the console would otherwise hold close() open.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () =>
      resolve({
        port: opts.port,
        stats,
        setLossy: (on) => {
          lossy = on;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

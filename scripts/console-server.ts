import { createServer } from 'node:http';
import next from 'next';
import { bodyLimits, guardBody } from '../server/edge/body-deadlines.ts';
import { parseTrustedProxies, pinForwardedHeaders } from '../server/edge/forwarded.ts';
import { connectionLimits, limitConnections } from '../server/edge/connection-limits.ts';
import { isPublicHost, originFor, parsePublicOrigin, REQUEST_ORIGIN_HEADER } from '../server/edge/public-origin.ts';
import { EDGE_ANSWER_HEADERS } from '../lib/security/headers.ts';

// The console's HTTP server: Next's own request handler behind the steps `next start` cannot
// do — deciding which forwarding headers to believe (server/edge/forwarded.ts) from the
// socket's peer address, which route handlers cannot see; refusing requests for any host but
// the console's public URL; and deadlines for request bodies. Used by `npm start`, `npm run
// dev` and the tests, so the address that sign-in throttling counts is never the client's own claim.
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '127.0.0.1';
const trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const publicOrigin = parsePublicOrigin(process.env.CONSOLE_PUBLIC_URL, { hostname, port });
const limits = bodyLimits(process.env);
const connections = connectionLimits(process.env);
// Data files (the SQLite database, its WAL, the log) are for this user alone.
process.umask(0o077);

const app = next({ dev, hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const misdirected = JSON.stringify({
  error: { code: 'MISDIRECTED_REQUEST', message: `This console answers only at ${publicOrigin.origin}.`, details: [] },
});

const isHealthProbe = (method: string | undefined, url: string | undefined) =>
  (method === 'GET' || method === 'HEAD') && /^\/api\/health(?:\/live)?(?:\?|$)/.test(url ?? '');

const server = createServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
  pinForwardedHeaders(req.headers, req.socket.remoteAddress, trusted);
  // After pinning: a forwarded host survives only from a trusted proxy.
  const host = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host;
  // Health probes are exempt: a load balancer names the instance by its own address, and the
  // probes read nothing of anyone's.
  delete req.headers[REQUEST_ORIGIN_HEADER];
  if (isPublicHost(publicOrigin, host)) req.headers[REQUEST_ORIGIN_HEADER] = originFor(publicOrigin, host!);
  else if (!isHealthProbe(req.method, req.url)) {
    res.writeHead(421, { ...EDGE_ANSWER_HEADERS, 'content-type': 'application/json', connection: 'close' });
    res.end(misdirected);
    return;
  }
  guardBody(req, res, limits);
  void handle(req, res);
});
limitConnections(server, connections, trusted);
// Same keep-alive behaviour as `next start`, so load balancers do not race closed sockets.
server.keepAliveTimeout = 75_000;
// Headers are due within limits.headersMs (10 s); bodies have deadlines of their own (guardBody), so Node's one
// request-wide deadline is off rather than cutting a slow but moving upload.
server.headersTimeout = limits.headersMs;
server.requestTimeout = 0;
server.listen(port, hostname, () => {
  console.log(
    `✓ Ready on http://${hostname}:${port} for ${publicOrigin.origin}${trusted.entries.length ? ` (trusting forwarding headers from ${trusted.entries.join(', ')})` : ''}`,
  );
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

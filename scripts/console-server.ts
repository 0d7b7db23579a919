import { createServer } from 'node:http';
import next from 'next';
import { parseTrustedProxies, pinForwardedHeaders } from './lib/forwarded.ts';

// The console's HTTP server: Next's own request handler behind one step `next start` cannot
// do — deciding which forwarding headers to believe (lib/net/forwarded.ts) from the socket's
// peer address, which route handlers cannot see. Used by `npm start`, `npm run dev` and the
// tests, so the address that sign-in throttling counts is never the client's own claim.
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '127.0.0.1';
const trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES);

const app = next({ dev, hostname, port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  pinForwardedHeaders(req.headers, req.socket.remoteAddress, trusted);
  void handle(req, res);
});
// Same keep-alive behaviour as `next start`, so load balancers do not race closed sockets.
server.keepAliveTimeout = 75_000;
server.listen(port, hostname, () => {
  console.log(
    `✓ Ready on http://${hostname}:${port}${trusted.entries.length ? ` (trusting forwarding headers from ${trusted.entries.join(', ')})` : ''}`,
  );
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

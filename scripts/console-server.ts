import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import next from 'next';
import { EDGE_ANSWER_HEADERS } from '../lib/security/headers.ts';
import { guardBody } from '../server/edge/body-deadlines.ts';
import { answerHomeDocument, isHomeDocumentRequest } from '../server/edge/home-document.ts';
import { limitConnections } from '../server/edge/connection-limits.ts';
import { pinForwardedHeaders } from '../server/edge/forwarded.ts';
import { isPublicHost, originFor, REQUEST_ORIGIN_HEADER } from '../server/edge/public-origin.ts';
import { logRequests } from '../server/edge/request-log.ts';
import { withRequestRecord, type RequestRecord } from '../server/edge/request-record.ts';
import { routeConsoleTo, serverLogger } from '../server/edge/server-log.ts';
import { stopOnSignals } from '../server/edge/shutdown.ts';
import { serverSettings } from '../server/edge/startup-settings.ts';
import { configuredSecrets, secretPattern } from '../server/scrub.ts';
import { instanceIdSchema, parseEnv } from '../server/settings.ts';

// The console's HTTP server: Next's own request handler behind the steps `next start` cannot
// do — checking every setting before it listens (a bad one stops start-up, exit code 1);
// deciding which forwarding headers to believe (server/edge/forwarded.ts) from the socket's
// peer address, which route handlers cannot see; refusing requests for any host but the
// console's public URL; deadlines for request bodies and caps on connections; one JSON log line
// per request and for everything else it writes; and a graceful stop on SIGTERM. Used by
// `npm start`, `npm run dev` and the tests, so the address that sign-in throttling counts is
// never the client's own claim.
const dev = process.argv.includes('--dev');
// The .env files, as Next itself would read them when it starts below, so that they are
// checked too (and a secret's _FILE in them is read).
const { loadEnvConfig } = createRequire(import.meta.url)('@next/env') as typeof import('@next/env');
loadEnvConfig(process.cwd(), dev, { info: () => {}, error: () => {} });

const instance = instanceIdSchema.safeParse(process.env.INSTANCE_ID).data || `${hostname()}:${process.env.PORT || '3000'}`;
let secrets: RegExp | null = null;
const log = serverLogger({
  level: /^(fatal|error|warn|info|debug|trace|silent)$/.test(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info',
  instance,
  secrets: () => secrets,
});
routeConsoleTo(log);
process.on('uncaughtException', (err) => {
  log.fatal({ err }, 'uncaught exception: stopping');
  process.exit(1);
});
process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));

const checked = serverSettings(process.env);
if (!checked.ok) {
  for (const problem of checked.problems) log.fatal({ setting: problem.split(':')[0] }, `setting refused: ${problem}`);
  log.fatal(`Signdesk did not start: ${checked.problems.length} setting(s) to fix (see .env.example).`);
  process.exit(1);
}
const { settings } = checked;
// The configured secrets, by value, scrubbed from every line from here on (Next's included).
secrets = secretPattern(configuredSecrets(parseEnv(process.env)));
// Data files (the SQLite database, its WAL, the log) are for this user alone.
process.umask(0o077);

const app = next({ dev, hostname: settings.hostname, port: settings.port, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const misdirected = JSON.stringify({
  error: { code: 'MISDIRECTED_REQUEST', message: `This console answers only at ${settings.publicOrigin.origin}.`, details: [] },
});

const isHealthProbe = (method: string | undefined, url: string | undefined) =>
  (method === 'GET' || method === 'HEAD') && /^\/api\/health(?:\/live)?(?:\?|$)/.test(url ?? '');

const server = createServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
  pinForwardedHeaders(req.headers, req.socket.remoteAddress, settings.trusted);
  // After pinning: a forwarded host survives only from a trusted proxy.
  const host = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host;
  delete req.headers[REQUEST_ORIGIN_HEADER];
  const record: RequestRecord = { upstreamCalls: 0 };
  logRequests(req, res, { record, log, enabled: settings.requestLog });
  if (isPublicHost(settings.publicOrigin, host)) req.headers[REQUEST_ORIGIN_HEADER] = originFor(settings.publicOrigin, host!);
  // Health probes are exempt: a load balancer names the instance by its own address, and the
  // probes read nothing of anyone's.
  else if (!isHealthProbe(req.method, req.url)) {
    res.writeHead(421, { ...EDGE_ANSWER_HEADERS, 'content-type': 'application/json', connection: 'close' });
    res.end(misdirected);
    return;
  }
  guardBody(req, res, settings.limits);
  // Home's document kept for this reader is answered here, without Next (server/edge/home-document.ts).
  if (!dev && isHomeDocumentRequest(req)) {
    void answerHomeDocument(req, res, record).then(
      (answered) => {
        if (!answered) withRequestRecord(record, () => void handle(req, res));
      },
      (err: unknown) => {
        // Never left hanging: Next answers what the kept answer could not.
        log.error({ err }, "home's kept document could not be answered");
        if (!res.headersSent) withRequestRecord(record, () => void handle(req, res));
        else res.destroy(err instanceof Error ? err : undefined);
      },
    );
    return;
  }
  withRequestRecord(record, () => void handle(req, res));
});
limitConnections(server, settings.connections, settings.trusted);
// Same keep-alive behaviour as `next start`, so load balancers do not race closed sockets.
server.keepAliveTimeout = 75_000;
// Headers are due within limits.headersMs (10 s); bodies have deadlines of their own (guardBody), so Node's one
// request-wide deadline is off rather than cutting a slow but moving upload.
server.headersTimeout = settings.limits.headersMs;
server.requestTimeout = 0;
server.once('error', (err: NodeJS.ErrnoException) => {
  log.fatal(
    { err, code: err.code },
    `could not listen on ${settings.hostname}:${settings.port}${err.code === 'EADDRINUSE' ? ': the port is in use (PORT)' : ''}`,
  );
  process.exit(1);
});
server.listen(settings.port, settings.hostname, () => {
  log.info(
    {
      address: `http://${settings.hostname}:${settings.port}`,
      public_origin: settings.publicOrigin.origin,
      trusted_proxies: settings.trusted.entries,
    },
    `Ready on http://${settings.hostname}:${settings.port} for ${settings.publicOrigin.origin}`,
  );
});
stopOnSignals(server, { deadlineMs: settings.shutdownMs, log });

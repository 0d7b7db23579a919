import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { alternateControlReply, alternateReply, type Dialect } from './http/dialect.ts';
import { mapIds, standardUrl } from './http/dialect-ids.ts';
import { ApiError, errorBody } from './http/errors.ts';
import { readJsonBody } from './http/body.ts';
import { Router } from './http/router.ts';
import type { Committed, Ctx, Reply, RouteDef } from './http/context.ts';
import { AnswerDropped, type Fault } from './faults.ts';
import { IDEMPOTENCY_KEY, Idempotency, isStorable } from './idempotency.ts';
import { redactPath } from './logger.ts';
import { createServices, type OtpDelivery, type Services } from './services.ts';
import { resolveEditorSession } from './domain/editor-sessions.ts';
import { allRoutes } from './routes/index.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { crashIfArmed, type CrashHook } from './test-crash.ts';

export interface SandboxOptions {
  dataDir: string;
  port?: number;
  host?: string;
  reset?: boolean;
  controlToken?: string;
  uploadCapacity?: number;
  defaultRateLimitPerMinute?: number;
  logger: Logger;
  otpDelivery?: OtpDelivery;
  crashHook?: CrashHook | null;
  /** how the choices the spec leaves open are answered (http/dialect.ts); standard by default */
  dialect?: Dialect;
}

export interface Sandbox {
  url: string;
  server: Server;
  services: Services;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions): Promise<Sandbox> {
  const services = createServices({
    dataDir: opts.dataDir,
    reset: opts.reset,
    controlToken: opts.controlToken,
    uploadCapacity: opts.uploadCapacity ?? 8,
    defaultRateLimitPerMinute: opts.defaultRateLimitPerMinute ?? 6000,
    logger: opts.logger,
    otpDelivery: opts.otpDelivery,
    crashHook: opts.crashHook,
  });
  await seedIfEmpty(services);
  const router = new Router<RouteDef>();
  for (const route of allRoutes(services)) router.add(route);

  const server = createServer((req, res) => {
    void handle(services, router, req, res, opts.dialect ?? 'standard');
  });
  // Node hands CONNECT to this event, not to the request handler, and drops the connection
  // when nobody listens. Answering it through the same pipeline keeps "whatever the method"
  // true for the retired path (410) and gives every other path its usual 404 or 405.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const res = new ServerResponse(req);
    res.assignSocket(socket);
    res.shouldKeepAlive = false;
    res.on('finish', () => socket.end());
    void handle(services, router, req, res, opts.dialect ?? 'standard');
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    server,
    services,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services.db.close();
    },
  };
}

const secretEquals = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

async function handle(services: Services, router: Router<RouteDef>, req: IncomingMessage, res: ServerResponse, dialect: Dialect) {
  const started = process.hrtime.bigint();
  const requestId = `req_${randomBytes(9).toString('base64url')}`;
  const method = req.method ?? 'GET';
  let path = '/';
  let appId: string | null = null;
  // null: an injected fault drops the connection instead of answering
  let reply: Reply | null;
  try {
    const asked = new URL(req.url ?? '/', 'http://sandbox.local');
    // The alternate dialect's identifiers are read back wherever they come (http/dialect-ids.ts).
    const url = dialect === 'alternate' ? standardUrl(asked) : asked;
    path = url.pathname;
    services.scheduler.maybeRun(services.clock.now());
    reply = await dispatch(services, router, req, method, url, requestId, (id) => (appId = id), dialect);
  } catch (err) {
    reply = err instanceof AnswerDropped ? null : toErrorReply(err, services.logger, requestId);
  }
  if (reply) {
    // Date is the API's clock: when the sandbox's clock is moved, its answers say so, as a
    // real host's would, so a client following the API's clock sees the move.
    res.setHeader('Date', new Date(services.clock.now()).toUTCString());
    // Control-plane answers are the sandbox's own, not the API's: they keep one shape (with the
    // dialect's identifiers, so they name what the API names).
    const api = !path.startsWith('/__sandbox');
    const said = dialect === 'standard' ? reply : api ? alternateReply(reply, services.clock.now(), method, path) : alternateControlReply(reply);
    send(res, said, requestId);
  } else res.destroy();
  if (appId) services.requestsByApp.set(appId, (services.requestsByApp.get(appId) ?? 0) + 1);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  services.logger.info(
    {
      req_id: requestId,
      method,
      path: redactPath(path),
      status: reply?.status ?? null,
      ...(reply ? {} : { dropped: true }),
      ms: Math.round(ms * 10) / 10,
      app_id: appId,
    },
    'request',
  );
}

async function dispatch(
  services: Services,
  router: Router<RouteDef>,
  req: IncomingMessage,
  method: string,
  url: URL,
  requestId: string,
  noteApp: (id: string) => void,
  dialect: Dialect,
): Promise<Reply> {
  const match = router.match(method, url.pathname);
  if (!match) throw new ApiError(404, 'ROUTE_NOT_FOUND', `No route ${method} ${redactPath(url.pathname)}.`);
  if ('allowed' in match) {
    throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${match.allowed.join(', ')}.`, undefined, {
      Allow: match.allowed.join(', '),
    });
  }
  const { route, params } = match;
  if (route.auth === 'control') authorizeControl(services, req);
  for (const name of route.query === 'any' ? [] : new Set(url.searchParams.keys())) {
    if (!route.query?.includes(name)) {
      throw new ApiError(422, 'VALIDATION_FAILED', `Unknown query parameter "${name}".`, [
        { path: name, message: 'unknown query parameter' },
      ]);
    }
  }

  let appId: string | null = null;
  const key = route.auth === 'key' ? authenticateKey(services, req, route) : null;
  if (key) appId = key.appId;
  if (route.auth === 'editor') appId = resolveEditorSession(services, params.sessionId).app_id;
  if (appId) noteApp(appId);

  if (route.auth !== 'control') {
    const fault = services.faults.take(method, url.pathname);
    if (fault) await applyFault(fault);
  }

  const read = route.body === 'json' ? await readJsonBody(req) : undefined;
  const body = dialect === 'alternate' ? mapIds(read, 'in') : read;
  let idempotencyKey: string | null = null;
  if (route.idempotency) {
    const fromHeader = req.headers['idempotency-key'];
    const fromBody =
      route.idempotency === 'header-or-body' && body && typeof body === 'object' && 'idempotencyKey' in body
        ? (body as { idempotencyKey: unknown }).idempotencyKey
        : undefined;
    const raw = typeof fromHeader === 'string' ? fromHeader : fromBody;
    if (raw === undefined) {
      throw new ApiError(422, 'IDEMPOTENCY_KEY_MISSING', 'This operation needs an Idempotency-Key header.', [
        { path: 'Idempotency-Key', message: 'required' },
      ]);
    }
    if (typeof raw !== 'string' || !IDEMPOTENCY_KEY.test(raw)) {
      throw new ApiError(
        422,
        'IDEMPOTENCY_KEY_INVALID',
        'Idempotency-Key must be 8-160 printable ASCII characters without spaces.',
        [{ path: 'Idempotency-Key', message: 'must match ^[!-~]{8,160}$' }],
      );
    }
    idempotencyKey = raw;
  }

  const scope = appId ?? 'anonymous';
  let fingerprint: string | null = null;
  let replayed = false;
  let stored = false;
  let release: (() => void) | null = null;
  // The first completed answer for the key, kept for replays (DESIGN.md section 3).
  const storeReply = (result: Reply) => {
    if (!idempotencyKey || !fingerprint || replayed || stored) return;
    if (!isStorable(result.status) || result.raw instanceof Readable) return;
    const bytes = result.raw ?? Buffer.from(JSON.stringify(result.body ?? null));
    const headers = { 'content-type': result.contentType ?? 'application/json; charset=utf-8', ...result.headers };
    services.idempotency.store(scope, idempotencyKey, route.id, fingerprint, { status: result.status, headers, body: bytes });
    stored = true;
  };
  const ctx: Ctx = {
    req,
    requestId,
    method,
    path: url.pathname,
    params,
    query: url.searchParams,
    body,
    key,
    appId,
    idempotencyKey,
    services,
    log: services.logger,
    setFingerprint(fp) {
      fingerprint = fp;
      if (!idempotencyKey) return null;
      const stored = services.idempotency.lookup(scope, idempotencyKey, route.id, fp, true);
      replayed = stored !== null;
      return stored ? replayOf(stored) : null;
    },
    commit(write) {
      const result = services.db.transaction(() => {
        const reply = write();
        storeReply(reply);
        crashIfArmed(services.crashHook, route.id, 'written');
        return reply;
      })();
      crashIfArmed(services.crashHook, route.id, 'committed');
      return result as Committed;
    },
  };

  if (idempotencyKey) {
    if (route.body !== 'stream') {
      const { idempotencyKey: _k, ...rest } = (body && typeof body === 'object' ? body : { value: body }) as Record<
        string,
        unknown
      >;
      fingerprint = Idempotency.fingerprint(route.id, params, route.idempotency === 'header-or-body' ? rest : body);
      const stored = services.idempotency.lookup(scope, idempotencyKey, route.id, fingerprint);
      if (stored) return replayOf(stored);
    } else {
      services.idempotency.lookup(scope, idempotencyKey, route.id, null);
    }
    release = services.idempotency.reserve(scope, idempotencyKey);
  }
  try {
    let result: Reply;
    try {
      result = await route.handler(ctx);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      result = toErrorReply(err, services.logger, requestId);
    }
    // Successes were stored inside their write's transaction (ctx.commit); what is left here
    // wrote nothing (a 409, for one), so storing it on its own cannot split a write from its reply.
    storeReply(result);
    // Only an answer the handler itself produced counts as committed: not a replay, not a refusal.
    const committed = result.status >= 200 && result.status < 300 && !replayed;
    const fault = committed && route.auth !== 'control' ? services.faults.take(method, url.pathname, 'after_commit') : null;
    if (fault) {
      try {
        await applyFault(fault);
      } catch (err) {
        if (result.raw instanceof Readable) result.raw.destroy();
        throw err;
      }
    }
    return result;
  } finally {
    release?.();
  }
}

/** Waits, then throws what the rule injects; a rule with neither drop nor an error status only delays. */
async function applyFault(fault: Fault): Promise<void> {
  if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
  if (fault.drop) throw new AnswerDropped();
  if (fault.status && fault.status >= 400) {
    throw new ApiError(
      fault.status,
      fault.code ?? 'INJECTED_FAULT',
      fault.message ?? `Injected fault (${fault.status}).`,
      undefined,
      fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {},
    );
  }
}

function replayOf(stored: { status: number; headers: Record<string, string>; body: Buffer }): Committed {
  const { 'content-type': contentType, ...headers } = stored.headers;
  const reply: Reply = {
    status: stored.status,
    raw: stored.body,
    contentType,
    headers: { ...headers, 'Idempotent-Replayed': 'true' },
  };
  return reply as Committed;
}

function authorizeControl(services: Services, req: IncomingMessage) {
  if (!services.controlToken) throw new ApiError(404, 'ROUTE_NOT_FOUND', 'The sandbox control plane is not enabled.');
  const given = req.headers['x-sandbox-control'];
  if (typeof given !== 'string' || !secretEquals(given, services.controlToken)) {
    throw new ApiError(401, 'CONTROL_TOKEN_INVALID', 'A valid X-Sandbox-Control header is required.');
  }
}

function authenticateKey(services: Services, req: IncomingMessage, route: RouteDef) {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([!-~]+)$/i.exec(header) : null;
  if (!match) throw new ApiError(401, 'UNAUTHENTICATED', 'An Authorization: Bearer <API key> header is required.');
  const key = services.keys.find(match[1]!);
  if (!key) throw new ApiError(401, 'INVALID_API_KEY', 'The API key is invalid or has been revoked.');
  if (req.headers['x-service-environment'] !== 'sandbox') {
    throw new ApiError(403, 'ENVIRONMENT_NOT_ALLOWED', 'The X-Service-Environment header must be "sandbox".');
  }
  if (route.scope && !key.scopes.has(route.scope)) {
    throw new ApiError(403, 'INSUFFICIENT_SCOPE', `This operation needs the ${route.scope} scope.`);
  }
  if (route.management && services.isProduction()) {
    throw new ApiError(503, 'SANDBOX_API_DISABLED', 'Management endpoints are disabled on production hosts.');
  }
  const wait = services.rateLimiter.take(key.keyHash, key.rateLimitPerMinute);
  if (wait > 0) {
    throw new ApiError(429, 'RATE_LIMITED', `Too many requests; retry in ${wait} s.`, undefined, { 'Retry-After': String(wait) });
  }
  return key;
}

function toErrorReply(err: unknown, logger: Logger, requestId: string): Reply {
  if (err instanceof ApiError) {
    return { status: err.status, body: errorBody(err, requestId), headers: err.headers };
  }
  logger.error({ req_id: requestId, err }, 'unhandled error');
  return { status: 500, body: errorBody(new ApiError(500, 'INTERNAL_ERROR', 'The sandbox failed unexpectedly.'), requestId) };
}

function send(res: ServerResponse, reply: Reply, requestId: string) {
  res.statusCode = reply.status;
  res.setHeader('X-Request-Id', requestId);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (reply.raw instanceof Readable) {
    res.setHeader('Content-Type', reply.contentType ?? 'application/octet-stream');
    reply.raw.on('error', () => res.destroy());
    reply.raw.pipe(res);
    return;
  }
  if (reply.raw) {
    res.setHeader('Content-Type', reply.contentType ?? 'application/octet-stream');
    res.setHeader('Content-Length', reply.raw.length);
    res.end(reply.raw);
    return;
  }
  if (reply.status === 204) {
    res.end();
    return;
  }
  const text = JSON.stringify(reply.body ?? null);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

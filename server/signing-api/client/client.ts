import 'server-only';
import { requestRecord } from '@/server/edge/request-record';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { env } from '../../env';
import { logger, scrub } from '../../logger';
import { observeUpstreamCall } from '../../metrics/observe';
import { noteUpstreamRequest } from './call-context';
import { noteUpstreamDate } from './upstream-clock';
import { newRequestId } from '../../request-id';
import { codeForStatus, readErrorBody } from './error-body';
import { checkedPath } from './api-path';
import { SigningApiError, parseRetryAfter } from './errors';
import { defaultPolicyFor, retryDelay, type RetryPolicy } from './retry';
import { TransportError, buffered, streamed, type Answer, type Exchange } from './transport';
import { duringWrite, sharedRead, type SharedAnswer } from './read-sharing';
import { awaitTurn, noteRateLimited } from './upstream-budget';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Call {
  method: Method;
  /** relative to /api/v1 */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  json?: unknown;
  /** a streamed body (uploads): sent once, never retried */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string; contentLength?: string };
  idempotencyKey?: string;
  /** hosted-editor routes authenticate by the session in the path, not the key */
  bearer?: boolean;
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** the browser's request: when it goes away, so does the call (an abandoned upload stops) */
  signal?: AbortSignal;
  /** a read that decides something (after a refusal): never answered from the cache or a shared call */
  fresh?: boolean;
  /** false for a health probe: it asks how the API is now, so it never waits in the fair queue */
  waitTurn?: boolean;
}

export interface Result<T> {
  data: T;
  status: number;
  requestId: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request with headers, timeout and typed errors; no retries. */
async function once(call: Call, streaming: boolean): Promise<Answer> {
  const e = env();
  const url = checkedPath(`${e.SIGNING_API_BASE_URL}/api/v1`, call.path);
  for (const [k, v] of Object.entries(call.query ?? {}))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {
    'x-service-environment': 'sandbox',
    'x-request-id': newRequestId(),
    accept: 'application/json, application/pdf',
  };
  if (call.bearer !== false) headers.authorization = `Bearer ${e.SIGNING_API_KEY}`;
  if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
  const exchange: Exchange = {
    method: call.method,
    url,
    headers,
    timeoutMs: call.timeoutMs ?? e.SIGNING_API_TIMEOUT_MS,
    signal: call.signal,
  };
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    exchange.body = JSON.stringify(call.json);
  } else if (call.stream) {
    headers['content-type'] = call.stream.contentType;
    if (call.stream.contentLength) headers['content-length'] = call.stream.contentLength;
    exchange.body = call.stream.body;
  }
  const record = requestRecord();
  if (record) record.upstreamCalls += 1;
  try {
    return await (streaming || call.stream || call.signal
      ? streamed(exchange)
      : buffered(exchange as Exchange & { body?: string }));
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    throw new SigningApiError(
      0,
      err.timedOut ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE',
      err.timedOut ? 'The Signing API did not answer in time.' : 'The Signing API could not be reached.',
    );
  }
}

/** `once`, counted for the metrics: the answer's status, or network_error when none came. */
async function measuredOnce(call: Call, streaming: boolean, sentAt: number): Promise<Answer> {
  const observe = (status: number | 'network_error') =>
    observeUpstreamCall({ method: call.method, path: call.path, status, durationMs: performance.now() - sentAt });
  try {
    const res = await once(call, streaming);
    observe(res.status);
    return res;
  } catch (err) {
    // A path refused before sending (INVALID_ID) was no call.
    if (err instanceof SigningApiError && err.isTransport) observe('network_error');
    throw err;
  }
}

async function toError(res: Answer): Promise<SigningApiError> {
  const requestId = res.header('x-request-id');
  // An HTTP-date Retry-After is read against the answer's own Date: the API's clock, not ours.
  const answeredAt = Date.parse(res.header('date') ?? '');
  const retryAfter = parseRetryAfter(res.header('retry-after'), Number.isFinite(answeredAt) ? answeredAt : Date.now());
  const body = readErrorBody(res.status, res.header('content-type'), await res.text());
  return new SigningApiError(
    res.status,
    body.code ?? codeForStatus(res.status),
    body.message,
    body.details,
    retryAfter,
    requestId,
  );
}

/**
 * What a call is, decided once: anything but a GET is a write; a GET answered as JSON on the
 * key with the default policy is a shared read (joined, and cached for the catalog); any other
 * GET (a streamed PDF, its own timeout or policy) is a read of its own.
 */
type CallKind = 'write' | 'shared read' | 'read';

function kindOf(call: Call, streaming: boolean): CallKind {
  if (call.method !== 'GET') return 'write';
  const plain =
    !streaming &&
    !call.stream &&
    !call.signal &&
    call.bearer !== false &&
    call.json === undefined &&
    !call.retry &&
    call.timeoutMs === undefined;
  return plain ? 'shared read' : 'read';
}

/** A request, retried as DESIGN.md section 6 allows; the successful answer, its body unread when streaming. */
function dispatch(call: Call, kind: CallKind, streaming: boolean): Promise<Answer> {
  // A write moves what it can change, so no read begun before it is reused after it.
  return kind === 'write' ? duringWrite(call.path, () => attempts(call, streaming)) : attempts(call, streaming);
}

async function attempts(call: Call, streaming: boolean): Promise<Answer> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    let error: SigningApiError;
    try {
      // Hosted-editor calls authenticate by their session, not the key whose limit is shared.
      if (call.bearer !== false && call.waitTurn !== false) await awaitTurn();
      const sentAt = performance.now();
      const res = await measuredOnce(call, streaming, sentAt);
      noteUpstreamRequest(res.header('x-request-id'), res.header('date'));
      noteUpstreamDate(res.header('date'), sentAt);
      if (res.status >= 200 && res.status < 300) return res;
      error = await toError(res);
      if (error.status === 429 && call.bearer !== false) noteRateLimited(error.retryAfterMs);
    } catch (err) {
      if (!(err instanceof SigningApiError)) throw err;
      error = err;
    }
    const wait = retryDelay(
      {
        method: call.method,
        hasIdempotencyKey: Boolean(call.idempotencyKey),
        replayableBody: !call.stream,
        attempt,
        elapsedMs: Date.now() - started,
        error,
      },
      call.retry ?? defaultPolicyFor(call.method),
    );
    logger().warn(
      { method: call.method, path: scrub(call.path), status: error.status, code: error.code, attempt, retry_in_ms: wait },
      'signing api call failed',
    );
    if (wait === null) throw error;
    await sleep(wait);
  }
}

/** A call asked only for its status: a success resolves, the body is dropped unread, a refusal throws. */
export async function probe(call: Call): Promise<void> {
  (await dispatch(call, kindOf(call, true), true)).discard();
}

/** A call whose answer (a PDF) streams on: a web Response over the upstream body. */
export async function send(call: Call): Promise<Response> {
  const res = await dispatch(call, kindOf(call, true), true);
  const headers = new Headers();
  for (const name of ['content-type', 'content-length', 'x-request-id']) {
    const value = res.header(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(Readable.toWeb(res.stream()) as ReadableStream<Uint8Array>, { status: res.status, headers });
}

async function readJson(call: Call, kind: CallKind): Promise<SharedAnswer> {
  const res = await dispatch(call, kind, false);
  return { status: res.status, requestId: res.header('x-request-id'), date: res.header('date'), body: await res.json() };
}

/** A JSON call whose answer is parsed (unknown fields kept) by `schema`; plain reads may be shared. */
export async function callJson<S extends z.ZodType>(call: Call, schema: S): Promise<Result<z.output<S>>> {
  const kind = kindOf(call, false);
  const answer = await (kind === 'shared read'
    ? sharedRead({ path: call.path, query: call.query, fresh: call.fresh }, () => readJson(call, kind))
    : readJson(call, kind));
  // Each caller reads the shared answer by its own schema.
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    logger().error({ path: scrub(call.path), issues: parsed.error.issues.slice(0, 5) }, 'unexpected signing api response');
    throw new SigningApiError(
      502,
      'UPSTREAM_INVALID_RESPONSE',
      'The Signing API answered in an unexpected shape.',
      [],
      null,
      answer.requestId,
    );
  }
  return { data: parsed.data, status: answer.status, requestId: answer.requestId };
}

import 'server-only';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { errorBodySchema } from '@/lib/api-error';
import { env } from '../env';
import { logger, scrub } from '../logger';
import { noteUpstreamRequest } from './call-context';
import { SigningApiError, parseRetryAfter } from './errors';
import { DEFAULT_RETRY, retryDelay, type RetryPolicy } from './retry';

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
}

export interface Result<T> {
  data: T;
  status: number;
  requestId: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request with headers, timeout and typed errors; no retries. */
async function once(call: Call): Promise<Response> {
  const e = env();
  const url = new URL(`${e.SIGNING_API_BASE_URL}/api/v1${call.path}`);
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {
    'x-service-environment': 'sandbox',
    'x-request-id': `con_${randomBytes(9).toString('base64url')}`,
    accept: 'application/json, application/pdf',
  };
  if (call.bearer !== false) headers.authorization = `Bearer ${e.SIGNING_API_KEY}`;
  if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
  let body: BodyInit | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.stream) {
    headers['content-type'] = call.stream.contentType;
    if (call.stream.contentLength) headers['content-length'] = call.stream.contentLength;
    body = call.stream.body;
  }
  try {
    return await fetch(url, {
      method: call.method,
      headers,
      body,
      signal: call.signal
        ? AbortSignal.any([AbortSignal.timeout(call.timeoutMs ?? e.SIGNING_API_TIMEOUT_MS), call.signal])
        : AbortSignal.timeout(call.timeoutMs ?? e.SIGNING_API_TIMEOUT_MS),
      cache: 'no-store',
      ...(call.stream ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (err) {
    const timeout = err instanceof DOMException && err.name === 'TimeoutError';
    throw new SigningApiError(0, timeout ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE', timeout ? 'The Signing API did not answer in time.' : 'The Signing API could not be reached.');
  }
}

async function toError(res: Response): Promise<SigningApiError> {
  const requestId = res.headers.get('x-request-id');
  const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
  const parsed = errorBodySchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return new SigningApiError(res.status, 'UPSTREAM_ERROR', `The Signing API answered ${res.status}.`, [], retryAfter, requestId);
  const { code, message, details } = parsed.data.error;
  return new SigningApiError(res.status, code, message, details ?? [], retryAfter, requestId);
}

/** A request, retried as DESIGN.md section 6 allows, answering the raw Response on success. */
export async function send(call: Call): Promise<Response> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    let error: SigningApiError;
    try {
      const res = await once(call);
      noteUpstreamRequest(res.headers.get('x-request-id'));
      if (res.ok) return res;
      error = await toError(res);
    } catch (err) {
      if (!(err instanceof SigningApiError)) throw err;
      error = err;
    }
    const wait = retryDelay(
      { method: call.method, hasIdempotencyKey: Boolean(call.idempotencyKey), replayableBody: !call.stream, attempt, elapsedMs: Date.now() - started, error },
      call.retry ?? DEFAULT_RETRY,
    );
    logger().warn({ method: call.method, path: scrub(call.path), status: error.status, code: error.code, attempt, retry_in_ms: wait }, 'signing api call failed');
    if (wait === null) throw error;
    await sleep(wait);
  }
}

/** A JSON call whose answer is parsed (unknown fields kept) by `schema`. */
export async function callJson<S extends z.ZodType>(call: Call, schema: S): Promise<Result<z.output<S>>> {
  const res = await send(call);
  const requestId = res.headers.get('x-request-id');
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) {
    logger().error({ path: scrub(call.path), issues: parsed.error.issues.slice(0, 5) }, 'unexpected signing api response');
    throw new SigningApiError(502, 'UPSTREAM_INVALID_RESPONSE', 'The Signing API answered in an unexpected shape.', [], null, requestId);
  }
  return { data: parsed.data, status: res.status, requestId };
}

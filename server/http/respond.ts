import 'server-only';
import type { ErrorDetail } from '@/lib/api-error';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE } from '@/lib/database-unavailable';
import { isDatabaseUnavailable } from '../db/unavailable';
import { logger } from '../logger';
import { noteDatabaseUnavailable } from '../metrics/observe';
import { browserText } from '../redact';
import { ERROR_CODE } from '../signing-api/client/error-body';
import { SigningApiError } from '../signing-api/client/errors';
import { ConsoleError } from '../errors';

export function errorResponse(err: ConsoleError, requestId: string): Response {
  const body = {
    error: {
      code: err.code,
      message: err.message,
      ...(err.details.length ? { details: err.details } : {}),
      request_id: requestId,
    },
  };
  return Response.json(body, { status: err.status, headers: { 'cache-control': 'no-store', ...err.headers } });
}

const retryAfterHeader = (ms: number | null): Record<string, string> =>
  ms === null ? {} : { 'Retry-After': String(Math.ceil(ms / 1000)) };

// An API may echo what it was sent (the key, an editor id) or where it runs (hosts, URLs):
// everything of its error that reaches the browser is scrubbed, bounded and single-line.
const MAX_MESSAGE = 500;
const MAX_DETAILS = 50;
const MAX_DETAIL_TEXT = 300;
const MAX_DETAIL_FIELDS = 8;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

const upstreamCode = (code: string) => (ERROR_CODE.test(code) ? code : 'UPSTREAM_ERROR');

/** path and message, and scalar extras the browser reads (`field_id`, `current_version`); nothing nested. */
function upstreamDetail(detail: ErrorDetail): ErrorDetail {
  const extras = Object.entries(detail)
    .filter(([k]) => k !== 'path' && k !== 'message' && FIELD_NAME.test(k))
    .flatMap(([k, v]): [string, string | number | boolean][] => {
      if (typeof v === 'string') return [[k, browserText(v, MAX_DETAIL_TEXT)]];
      if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') return [[k, v]];
      return [];
    })
    .slice(0, MAX_DETAIL_FIELDS);
  const text = (v: unknown) => (typeof v === 'string' ? browserText(v, MAX_DETAIL_TEXT) : '');
  return { path: text(detail.path), message: text(detail.message), ...Object.fromEntries(extras) };
}

/**
 * What the browser may learn of an upstream failure. 4xx messages of the Signing API are
 * written for people and pass through, scrubbed; its 401 (our key) and 5xx bodies never do,
 * and no upstream 401 becomes a console 401, which would mean "sign in again".
 */
export function fromUpstream(err: SigningApiError): ConsoleError {
  const message = () => browserText(err.message, MAX_MESSAGE);
  if (err.isTransport)
    return new ConsoleError(503, upstreamCode(err.code), `${message()} Try again in a moment.`, [], { 'Retry-After': '2' });
  if (err.code === 'EDITOR_SESSION_EXPIRED') {
    return new ConsoleError(
      409,
      'EDITOR_SESSION_EXPIRED',
      'The editor session has expired. Open a new session; your unsaved layout is kept.',
    );
  }
  if (err.status === 401) {
    return new ConsoleError(
      502,
      'UPSTREAM_CREDENTIALS_REJECTED',
      "The Signing API refused the console's credentials. An administrator must check the API key.",
    );
  }
  if (err.code === 'CONSOLE_BUSY') return new ConsoleError(429, err.code, err.message, [], retryAfterHeader(err.retryAfterMs));
  if (err.status === 429)
    return new ConsoleError(
      429,
      'RATE_LIMITED',
      'The Signing API is rate limiting requests. Try again shortly.',
      [],
      retryAfterHeader(err.retryAfterMs),
    );
  if (err.status === 503) {
    const known = err.code === 'UPLOAD_BUSY' || err.code === 'SANDBOX_API_DISABLED';
    return new ConsoleError(
      503,
      err.code,
      known ? message() : 'The Signing API is temporarily unavailable. Try again shortly.',
      [],
      retryAfterHeader(err.retryAfterMs),
    );
  }
  if (err.status >= 500)
    return new ConsoleError(502, 'UPSTREAM_ERROR', 'The Signing API failed to process the request. Try again later.');
  return new ConsoleError(err.status, upstreamCode(err.code), message(), err.details.slice(0, MAX_DETAILS).map(upstreamDetail));
}

/**
 * Any error of a route as the browser sees it: the console's own and the API's through their
 * mappings, a database out of reach as a 503 to wait out, anything else as a 500 whose
 * reference finds the logged error. The one mapping for every route (handler.ts, public-handler.ts).
 */
export function toHttpError(err: unknown, requestId: string): ConsoleError {
  if (err instanceof ConsoleError) return err;
  if (err instanceof SigningApiError) return fromUpstream(err);
  if (isDatabaseUnavailable(err)) {
    noteDatabaseUnavailable();
    // The code alone: the message of a connection error names the database's host.
    logger().warn(
      { code: (err as Error & { code?: unknown }).code ?? (err as Error).message.slice(0, 80), request_id: requestId },
      'console database unavailable',
    );
    return new ConsoleError(503, DATABASE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE, [], {
      'Retry-After': String(DATABASE_RETRY_AFTER_S),
    });
  }
  logger().error({ err, request_id: requestId }, 'unhandled console error');
  return new ConsoleError(500, 'INTERNAL_ERROR', `Something went wrong on our side (reference ${requestId}).`);
}

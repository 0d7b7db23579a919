import 'server-only';
import { metrics } from './registry';
import { upstreamOperation } from './upstream-operations';

// What the rest of the console calls to count something: plain values in, labels chosen here.

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other');

export interface AnsweredRequest {
  /** the route's pattern (`/api/packages/[id]`, api-routes.ts), never the path */
  route: string;
  method: string;
  status: number;
  durationMs: number;
}

/** One console API request answered (server/http/handler.ts, public-handler.ts). */
export function observeRequest({ route, method, status, durationMs }: AnsweredRequest) {
  const m = metrics();
  m.httpRequests.inc({ route, method: methodLabel(method), status: String(status) });
  m.httpDuration.observe({ route, method: methodLabel(method) }, durationMs / 1000);
}

/** One attempt at a Signing API call: its HTTP status, or `network_error` when no answer came. */
export function observeUpstreamCall({
  method,
  path,
  status,
  durationMs,
}: {
  method: string;
  path: string;
  status: number | 'network_error';
  durationMs: number;
}) {
  const m = metrics();
  const operation = upstreamOperation(method, path);
  m.upstreamRequests.inc({ operation, status: String(status) });
  m.upstreamDuration.observe({ operation }, durationMs / 1000);
}

/** A request answered 503 DATABASE_UNAVAILABLE (server/http/respond.ts). */
export const noteDatabaseUnavailable = () => metrics().databaseUnavailable.inc();

/** A refused sign-in, by its error code (a fixed set: INVALID_CREDENTIALS, SIGN_IN_THROTTLED, ...). */
export const noteSignInFailure = (code: string) => metrics().signInFailures.inc({ reason: code });

/** One run of a background job in this instance (server/jobs/start-jobs.ts): it completed, or it threw. */
export function observeJobRun(queue: string, outcome: 'completed' | 'failed') {
  metrics().jobRuns.inc({ queue, outcome });
}

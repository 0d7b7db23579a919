import 'server-only';
import type { NextRequest } from 'next/server';
import { requestRecord } from '../edge/request-record';
import { routePattern } from '../metrics/api-routes';
import { observeRequest } from '../metrics/observe';

/**
 * The one spot both route wrappers (handler.ts, public-handler.ts) pass every request through
 * when it is answered: its route pattern, method, status and time, counted for the metrics and
 * named in the request's log line. A wrapper that throws after all is counted as the 500 Next
 * then answers.
 */
export async function measured(req: NextRequest, answer: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const route = routePattern(req.nextUrl.pathname);
  // The request's log line (written by the console's own server) names the same pattern.
  const record = requestRecord();
  if (record) record.route = route;
  let status = 500;
  try {
    const res = await answer();
    status = res.status;
    return res;
  } finally {
    observeRequest({
      route,
      method: req.method,
      status,
      durationMs: performance.now() - started,
    });
  }
}

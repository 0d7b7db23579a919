import 'server-only';
import type { NextRequest } from 'next/server';
import { routePattern } from '../metrics/api-routes';
import { observeRequest } from '../metrics/observe';

/**
 * The one spot both route wrappers (handler.ts, public-handler.ts) pass every request through
 * when it is answered: its route pattern, method, status and time, counted for the metrics. A
 * wrapper that throws after all is counted as the 500 Next then answers.
 */
export async function measured(req: NextRequest, answer: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  let status = 500;
  try {
    const res = await answer();
    status = res.status;
    return res;
  } finally {
    observeRequest({
      route: routePattern(req.nextUrl.pathname),
      method: req.method,
      status,
      durationMs: performance.now() - started,
    });
  }
}

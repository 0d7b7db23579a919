import { env } from '@/server/env';
import { ConsoleError } from '@/server/errors';
import { publicHandler } from '@/server/http/public-handler';
import { bearerMatches } from '@/server/metrics/scrape-access';
import { scrape } from '@/server/metrics/scrape';

export const dynamic = 'force-dynamic';

// GET: Prometheus metrics, for Authorization: Bearer <METRICS_TOKEN> only, never a session.
// Without METRICS_TOKEN there are no metrics: the answer is the one any missing route gets.
export const GET = publicHandler(async (req) => {
  const token = env().METRICS_TOKEN;
  if (!token) throw new ConsoleError(404, 'ROUTE_NOT_FOUND', 'No console route answers this path.');
  if (!bearerMatches(req.headers.get('authorization'), token)) {
    throw new ConsoleError(401, 'UNAUTHENTICATED', 'A valid metrics token is required.', [], {
      'WWW-Authenticate': 'Bearer realm="signdesk-metrics"',
    });
  }
  const { text, contentType } = await scrape();
  return new Response(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
});

import { checkHealth } from '@/server/health/check-health';
import { publicHandler } from '@/server/http/public-handler';

export const dynamic = 'force-dynamic';

// GET: console up, database up, Signing API reachable — with latencies, and nothing secret;
// 503 when either is down, so a load balancer takes the instance out.
export const GET = publicHandler(async () => {
  const { ok, report } = await checkHealth();
  return Response.json(report, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } });
});

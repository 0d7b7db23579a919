export const dynamic = 'force-dynamic';

// GET: liveness only — the process answers. Touches neither the database nor the Signing API,
// so load balancers can probe it cheaply (readiness is /api/health).
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}

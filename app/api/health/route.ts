import { sql } from 'kysely';
import { db } from '@/server/db';
import { publicHandler } from '@/server/http/public-handler';
import { probeSigningApi } from '@/server/signing-api/health';

export const dynamic = 'force-dynamic';

async function databaseCheck() {
  const started = performance.now();
  try {
    await sql`SELECT 1`.execute(await db());
    return { ok: true, latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, latency_ms: Math.round(performance.now() - started) };
  }
}

// GET: console up, database up, Signing API reachable — with latencies, and nothing secret.
// The API probe is shared for a few seconds (server/signing-api/health.ts), so this open
// route never spends the API key's rate limit per hit.
export const GET = publicHandler(async () => {
  const [database, signingApi] = await Promise.all([databaseCheck(), probeSigningApi()]);
  const ok = database.ok && signingApi.ok;
  return Response.json({ status: ok ? 'ok' : 'degraded', console: { ok: true }, database, signing_api: signingApi }, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } });
});

import { sql } from 'kysely';
import { db } from '@/server/db';
import { publicHandler } from '@/server/http/public-handler';
import { pingSigningApi } from '@/server/signing-api/health';

export const dynamic = 'force-dynamic';

async function timed(check: () => Promise<unknown>) {
  const started = performance.now();
  try {
    const detail = await check();
    return { ok: true, latency_ms: Math.round((performance.now() - started) * 10) / 10, ...(detail && typeof detail === 'object' ? detail : {}) };
  } catch {
    return { ok: false, latency_ms: Math.round(performance.now() - started) };
  }
}

// GET: console up, database up, Signing API reachable — with latencies, and nothing secret.
export const GET = publicHandler(async () => {
  const [database, signingApi] = await Promise.all([
    timed(async () => sql`SELECT 1`.execute(await db())),
    timed(pingSigningApi),
  ]);
  const ok = database.ok && signingApi.ok;
  return Response.json({ status: ok ? 'ok' : 'degraded', console: { ok: true }, database, signing_api: signingApi }, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } });
});

import 'server-only';
import { sql } from 'kysely';
import { db } from '../db';
import { probeSigningApi } from '../signing-api/health';

async function databaseCheck() {
  const started = performance.now();
  try {
    await sql`SELECT 1`.execute(await db());
    return { ok: true, latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, latency_ms: Math.round(performance.now() - started) };
  }
}

/**
 * Console up, database up, Signing API reachable, with latencies and nothing secret. The API
 * probe is shared for a few seconds (server/signing-api/health.ts), so an open route asking
 * this never spends the API key's rate limit per hit.
 */
export async function checkHealth() {
  const [database, { refused: _refused, ...signingApi }] = await Promise.all([databaseCheck(), probeSigningApi()]);
  const ok = database.ok && signingApi.ok;
  return { ok, report: { status: ok ? 'ok' : 'degraded', console: { ok: true }, database, signing_api: signingApi } };
}

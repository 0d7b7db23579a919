import 'server-only';
import { probeSigningApi } from '../signing-api/health';
import { estimatedApiDate, sinceHeard } from '../signing-api/client/upstream-clock';

/**
 * An estimate older than this is refreshed by the shared health probe (one upstream call per
 * instance, whoever asks). Only a deadline on screen asks this often (components/ui/use-api-now.ts):
 * an API clock that jumped (the sandbox's can be advanced) closes a receipt within seconds,
 * at the cost of one cheap read every 2 s per instance while someone reviews.
 */
const FRESH_MS = 2_000;

/** The Signing API's time as this console knows it, heard at most FRESH_MS ago (null: never heard). */
export async function readApiClock() {
  if (sinceHeard() > FRESH_MS) await probeSigningApi(Date.now(), FRESH_MS);
  return { api_now: estimatedApiDate() };
}

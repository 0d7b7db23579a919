import { handler } from '@/server/http/handler';
import { probeSigningApi } from '@/server/signing-api/health';
import { estimatedApiDate, sinceHeard } from '@/server/signing-api/client/upstream-clock';

/** An estimate older than this is refreshed by the shared health probe (one upstream call per instance, whoever asks). */
const FRESH_MS = 10_000;

// GET: the Signing API's time as this console knows it; the wrapper also sends it as the
// signing-api-date header that the browser's deadline clock follows.
export const GET = handler({ permission: 'read' }, async () => {
  if (sinceHeard() > FRESH_MS) await probeSigningApi();
  return { api_now: estimatedApiDate() };
});

import { handler } from '@/server/http/handler';
import { estimatedApiDate } from '@/server/signing-api/upstream-clock';

// GET: the Signing API's time as this console last saw it, without a call upstream; the
// wrapper also sends it as the signing-api-date header that the browser's clock follows.
export const GET = handler({ permission: 'read' }, async () => ({ api_now: estimatedApiDate() }));

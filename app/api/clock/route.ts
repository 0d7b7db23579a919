import { readApiClock } from '@/server/clock/read-api-clock';
import { handler } from '@/server/http/handler';

// GET: the Signing API's time as this console knows it; the wrapper also sends it as the
// signing-api-date header that the browser's deadline clock follows.
export const GET = handler({ permission: 'read' }, () => readApiClock());

import { handler } from '@/server/http/handler';
import { readQueue } from '@/server/queue/read-queue';

// GET: how many of the caller's requests this instance holds for the API's rate limit now;
// the browser asks when one of its requests is slow, to say why. No upstream call.
export const GET = handler({ permission: 'read' }, async ({ user }) => readQueue({ userId: user.id }));

import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { failedDeliveries } from '@/server/notifications/failed-deliveries';

// GET: the e-mail deliveries that failed for good, newest first, with why (admins).
export const GET = handler({ permission: 'jobs:admin' }, async () => failedDeliveries(await db()));

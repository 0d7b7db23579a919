import { db } from '@/server/db';
import { listThrottled } from '@/server/auth/throttle-admin';
import { handler } from '@/server/http/handler';

// GET: the accounts whose sign-ins are slowed or refused right now (admins).
export const GET = handler({ permission: 'users:admin' }, async () => ({ data: await listThrottled(await db()) }));

import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { notificationsOf } from '@/server/notifications/user-notifications';

// GET: the signed-in user's notifications, newest first, and how many are unread.
export const GET = handler({ permission: 'read' }, async ({ user }) => notificationsOf(await db(), user.id));

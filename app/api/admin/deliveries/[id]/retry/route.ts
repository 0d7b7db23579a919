import { deliveryParamsSchema } from '@/lib/admin/delivery-schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { retryDelivery } from '@/server/notifications/failed-deliveries';

// POST: a failed e-mail delivery put back in line from its first attempt, audited under its notification.
export const POST = handler(
  {
    permission: 'jobs:admin',
    params: deliveryParamsSchema,
    maxBodyBytes: 1024,
    audit: { operation: 'notification.delivery_retry', targetType: 'notification', target: (p) => p.id },
  },
  async ({ params }) => retryDelivery(await db(), params.id),
);

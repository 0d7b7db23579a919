import { z } from 'zod';

// Admin → Background work, failed e-mail: what GET /api/admin/deliveries answers and
// POST /api/admin/deliveries/:id/retry takes.

export interface FailedDelivery {
  notification_id: string;
  channel: 'email';
  kind: string;
  title: string;
  /** the address it was for; null when the account is gone */
  to: string | null;
  attempts: number;
  /** why the last attempt failed, scrubbed of secrets */
  reason: string;
  created_at: string;
}

export interface FailedDeliveries {
  data: FailedDelivery[];
  /** every failed delivery, listed or not */
  total: number;
}

export const deliveryParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^ntf_[A-Za-z0-9-]{1,80}$/, 'must be a notification id (ntf_…)'),
});

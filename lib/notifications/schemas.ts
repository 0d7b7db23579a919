import { z } from 'zod';

// What the notification routes take and answer (issue 37), shared by the server and the bell.

const MAX_IDS = 200;

/** POST /api/notifications/read: the ids to mark read, or every one of the user's. */
export const markReadSchema = z.union([
  z.strictObject({ ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_IDS) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkRead = z.infer<typeof markReadSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  subject_type: z.enum(['package', 'approval_request', 'bulk_batch', 'intent', 'console']),
  subject_id: z.string(),
  title: z.string(),
  body: z.string(),
  href: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** The newest this many are listed; the unread count counts them all. */
export const NOTIFICATIONS_LISTED = 50;

import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { via } from '../api-transport.ts';
// Types only: the bell is on every page, and zod stays off first loads (ARCHITECTURE.md); the
// console's own route (app/api/notifications) answers this shape.
import type { MarkRead, NotificationList } from './schemas.ts';

export const notificationKeys = { all: ['notifications'] as const };

/** Fresh while the tab is visible; a hidden tab asks nothing (refetchIntervalInBackground false). */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: (ctx) => api<NotificationList>('/api/notifications', via(ctx)),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export const markNotificationsRead = (body: MarkRead, idempotencyKey: string) =>
  api<{ marked: number }>('/api/notifications/read', { method: 'POST', body, idempotencyKey });

import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { via } from '../api-transport.ts';
import { notificationListSchema, type MarkRead } from './schemas.ts';

export const notificationKeys = { all: ['notifications'] as const };

/** Fresh while the tab is visible; a hidden tab asks nothing (refetchIntervalInBackground false). */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: async (ctx) => notificationListSchema.parse(await api('/api/notifications', via(ctx))),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export const markNotificationsRead = (body: MarkRead, idempotencyKey: string) =>
  api<{ marked: number }>('/api/notifications/read', { method: 'POST', body, idempotencyKey });
